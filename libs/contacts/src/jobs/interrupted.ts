/**
 * What a job (import, transfer, print) shows while its worker has stopped mid-run (a crash, a
 * restart) and it waits to be taken again: the server says so within the heartbeat window
 * (`interrupted`), and the job resumes from its checkpoint by itself.
 */
export const INTERRUPTED_LABEL = 'Interrupted — will resume';

/** "Importing leads.csv: 40%" → "Importing leads.csv: 40% — interrupted, will resume by itself". */
export const withInterruption = (text: string, interrupted: boolean) => (interrupted ? `${text} — interrupted, will resume by itself` : text);
