/**
 * Session-wide signals other features listen to (for example the calendar hides its mini calendar on
 * `hideMiniCalendar`). A tiny typed emitter: no React needed to subscribe.
 */
export type SessionEventMap = {
  /** Logout step 1 (spec part 1 §4): hide the mini calendar. */
  hideMiniCalendar: undefined;
  /** The user signed out (after the session was deleted), or a 401 ended the session. */
  signedOut: { reason: 'logout' | 'unauthorized' };
};

export type SessionEventName = keyof SessionEventMap;
type Listener<N extends SessionEventName> = (payload: SessionEventMap[N]) => void;

export type SessionEvents = {
  on<N extends SessionEventName>(name: N, listener: Listener<N>): () => void;
  emit<N extends SessionEventName>(name: N, payload: SessionEventMap[N]): void;
};

export function createSessionEvents(): SessionEvents {
  const listeners = new Map<SessionEventName, Set<(payload: never) => void>>();
  return {
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener as (payload: never) => void);
      listeners.set(name, set);
      return () => {
        set.delete(listener as (payload: never) => void);
      };
    },
    emit(name, payload) {
      for (const listener of [...(listeners.get(name) ?? [])])
        (listener as Listener<typeof name>)(payload);
    },
  };
}

/** The app-wide session events. */
export const sessionEvents: SessionEvents = createSessionEvents();
