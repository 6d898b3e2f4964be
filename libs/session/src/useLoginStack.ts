import { useSyncExternalStore } from 'react';
import { loginStack, type LoginMarker } from './login-stack';

export type LoginStack = {
  stack: readonly LoginMarker[];
  push(marker: LoginMarker): void;
  pop(): LoginMarker | undefined;
  clear(): void;
};

const actions = { push: loginStack.push, pop: loginStack.pop, clear: loginStack.clear };

/** The login stack (impersonation markers), persisted in local storage; every reader re-renders on change. */
export function useLoginStack(): LoginStack {
  const stack = useSyncExternalStore(loginStack.subscribe, loginStack.get, loginStack.get);
  return { stack, ...actions };
}
