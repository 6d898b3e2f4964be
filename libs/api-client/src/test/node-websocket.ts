import WebSocket from 'ws';

// The ActionCable client takes the WebSocket class from the global scope when it is first loaded,
// and listens for page visibility on it: in Node (this test file's environment) both come from here.
const global = globalThis as unknown as Record<string, unknown>;
global.WebSocket ??= WebSocket;
global.addEventListener ??= () => undefined;
global.removeEventListener ??= () => undefined;
global.document ??= { visibilityState: 'visible', addEventListener: () => undefined, removeEventListener: () => undefined };
