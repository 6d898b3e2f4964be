// Small helpers shared by the npm scripts: run a command with the workspace's environment.
import { spawn } from 'node:child_process';

export const workspaceEnv = {
  ...process.env,
  NX_NO_CLOUD: 'true',
  NX_USE_LOCAL: 'true',
  NX_DAEMON: 'false',
  NX_TUI: 'false',
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
  STORYBOOK_DISABLE_TELEMETRY: '1',
};

/** Runs a command, streaming its output; resolves on success, rejects with its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...workspaceEnv, ...options.env }, shell: false });
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(' ')} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

export const bin = (name) => `node_modules/.bin/${name}`;
