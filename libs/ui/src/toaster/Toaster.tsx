import { useEffect, useState } from 'react';
import type { ToasterProps as SonnerToasterProps, toast as sonnerToast } from 'sonner';

export type ToasterProps = SonnerToasterProps;

type SonnerModule = typeof import('./sonner-toaster');
type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner>[0];
type Options = Parameters<Sonner>[1];

// sonner (9 KB gzipped) is fetched when the Toaster mounts, apart from the first page's code (issue
// 12: the login page's JavaScript). A toast raised before it has arrived, or before a Toaster
// listens, waits here and is shown, in order, as soon as one does.
let sonnerModule: Promise<SonnerModule> | null = null;
let loaded: SonnerModule | null = null;
let listening = 0;
const waiting: ((toast: Sonner) => void)[] = [];

function loadSonner(): Promise<SonnerModule> {
  sonnerModule ??= import('./sonner-toaster').then(
    (module) => (loaded = module),
    (error: unknown) => {
      sonnerModule = null; // the next Toaster tries again
      throw error;
    },
  );
  return sonnerModule;
}

function raise(call: (toast: Sonner) => void): void {
  if (loaded && listening > 0) call(loaded.toast);
  else waiting.push(call);
}

function flush(toast: Sonner): void {
  for (const call of waiting.splice(0)) call(toast);
}

/**
 * Raises a toast (sonner's `toast`, `toast.success`, `toast.error`, `toast.dismiss`), shown by the
 * app's Toaster; the same options as sonner's (`id` replaces a toast with that id).
 */
export const toast = Object.assign((message: Message, options?: Options) => raise((t) => t(message, options)), {
  success: (message: Message, options?: Options) => raise((t) => t.success(message, options)),
  error: (message: Message, options?: Options) => raise((t) => t.error(message, options)),
  dismiss: (id?: string | number) => raise((t) => t.dismiss(id)),
});

/** Shows sonner's toaster, and the toasts that waited for it once it listens. */
function ListeningToaster({ module, ...props }: ToasterProps & { module: SonnerModule }) {
  useEffect(() => {
    // After the toaster's own effects: it is subscribed to sonner's toasts.
    listening += 1;
    flush(module.toast);
    return () => {
      listening -= 1;
    };
  }, [module]);
  return <module.ThemedToaster {...props} />;
}

/** Renders the toasts raised with `toast(...)`; mount it once near the root of the app. */
export function Toaster(props: ToasterProps) {
  const [module, setModule] = useState<SonnerModule | null>(loaded);
  useEffect(() => {
    if (module) return undefined;
    let live = true;
    loadSonner().then(
      (next) => live && setModule(next),
      () => undefined, // toasts keep waiting; a later Toaster tries again
    );
    return () => {
      live = false;
    };
  }, [module]);
  return module ? <ListeningToaster module={module} {...props} /> : null;
}
