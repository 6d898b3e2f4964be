import { appEnvironment, type AppEnvironment } from '@crm/variant';

/** The deployment environment this bundle was built for (VITE_APP_ENV; default development). */
export function appEnvironmentFromEnv(value: string | undefined): AppEnvironment {
  const parsed = appEnvironment.safeParse(value || 'development');
  if (!parsed.success) {
    throw new Error(
      `VITE_APP_ENV must be one of development, stage, demo, production (got "${value}")`,
    );
  }
  return parsed.data;
}
