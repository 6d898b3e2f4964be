// Read by the brand apps' Vite configuration (tools/vite/brand-app.ts) at build time as well as by
// the app at start, so this file imports nothing but zod (the config loader cannot resolve @crm/*).
import { z } from 'zod';

/** The deployment environments (the same list as @crm/contract's APP_ENVIRONMENTS; a test keeps them equal). */
export const DEPLOYMENT_ENVIRONMENTS = ['development', 'stage', 'demo', 'production'] as const;

/** Empty values count as not set (an unset variable in a CI file is often an empty string). */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    schema.optional(),
  );

/**
 * The deployment settings a brand bundle is built with, from VITE_* variables (the environment or
 * the app's .env files):
 * - VITE_API_BASE_URL: where the API is, an absolute http(s) URL; same origin when not set
 * - VITE_APP_ENV: development, stage, demo or production; development when not set
 * - VITE_ANALYTICS_ID: the analytics property; the brand's own when not set
 */
export const deploymentEnv = z.object({
  VITE_API_BASE_URL: optional(
    z
      .string()
      .trim()
      .refine((value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'http:' || url.protocol === 'https:') && Boolean(url.host);
        } catch {
          return false;
        }
      }, 'must be an absolute http(s) URL such as https://api.example.com'),
  ),
  VITE_APP_ENV: optional(
    z.enum(DEPLOYMENT_ENVIRONMENTS, {
      error: `must be one of ${DEPLOYMENT_ENVIRONMENTS.join(', ')}`,
    }),
  ),
  VITE_ANALYTICS_ID: optional(
    z
      .string()
      .trim()
      .max(100, 'must be at most 100 characters')
      .regex(/^[\w.-]+$/, 'must be letters, digits, dots, dashes or underscores'),
  ),
});

export type DeploymentEnvironment = (typeof DEPLOYMENT_ENVIRONMENTS)[number];

export type DeploymentSettings = {
  /** Prepended to every API path; '' is the page's own origin. */
  apiBaseUrl: string;
  environment: DeploymentEnvironment;
  /** Overrides the brand's analytics id when set. */
  analyticsId: string | null;
};

/**
 * Validates the deployment settings, throwing one readable error that names every bad variable
 * (the build stops with it). `app` names the app in the message.
 */
export function parseDeploymentSettings(
  env: Record<string, unknown>,
  app = 'the brand app',
): DeploymentSettings {
  const result = deploymentEnv.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const name = String(issue.path[0] ?? '');
      const value = env[name];
      return `  ${name} ${issue.message} (got ${JSON.stringify(value)})`;
    });
    throw new Error(`Invalid deployment settings for ${app}:\n${lines.join('\n')}`);
  }
  const values = result.data;
  return {
    apiBaseUrl: values.VITE_API_BASE_URL?.replace(/\/+$/, '') ?? '',
    environment: values.VITE_APP_ENV ?? 'development',
    analyticsId: values.VITE_ANALYTICS_ID ?? null,
  };
}
