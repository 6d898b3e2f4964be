import { z } from 'zod';
import { APP_ENVIRONMENTS, email, FLAG_NAMES, flagName, role, type AppEnvironment, type FlagName, type Role } from '@crm/contract';

export { APP_ENVIRONMENTS, FLAG_NAMES, appEnvironment, flagName } from '@crm/contract';
export type { AppEnvironment, FlagName } from '@crm/contract';
import { contrastRatio, MIN_TEXT_CONTRAST } from './contrast';

/** Who gets a flag in one environment: every signed-in role, or the listed roles (`[]` = nobody). */
export const flagRule = z.union([z.literal('all'), z.array(role)]);
export type FlagRule = z.infer<typeof flagRule>;

export const flagEnvironments = z.object(
  Object.fromEntries(APP_ENVIRONMENTS.map((env) => [env, flagRule])) as Record<
    AppEnvironment,
    typeof flagRule
  >,
);
export type FlagEnvironments = z.infer<typeof flagEnvironments>;

/** Every flag must be listed for every environment, so a brand can never forget one. */
export const flagMatrix = z.object(
  Object.fromEntries(FLAG_NAMES.map((flag) => [flag, flagEnvironments])) as Record<
    FlagName,
    typeof flagEnvironments
  >,
);
export type FlagMatrix = z.infer<typeof flagMatrix>;

const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour like #1a2b3c');

/** An absolute http(s) URL, a root-relative path (a bundled asset) or an inline SVG/PNG data URL. */
const imageSource = z
  .string()
  .refine(
    (value) =>
      /^https?:\/\/\S+$/.test(value) ||
      /^\/\S*$/.test(value) ||
      /^data:image\/(svg\+xml|png)[;,]/.test(value),
    'Must be an http(s) URL, a root-relative path or an image data URL',
  );

const hostname = z
  .string()
  .regex(/^(localhost|([a-z0-9-]+\.)+[a-z]{2,})$/, 'Must be a lower-case host name');

export const brandColors = z.object({
  primary: hexColor,
  primaryContrast: hexColor,
  background: hexColor,
  surface: hexColor,
  text: hexColor,
  muted: hexColor,
});
export type BrandColors = z.infer<typeof brandColors>;

/** Agent title offered by a brand: `value` is stored, `label` is shown. */
export const agentTitle = z.object({
  value: z.string().regex(/^[a-z][a-z0-9_]*$/, 'Must be snake_case'),
  label: z.string().min(1),
});
export type AgentTitle = z.infer<typeof agentTitle>;

export const brandConfig = z
  .object({
    name: z.string().trim().min(1),
    legalName: z.string().trim().min(1),
    domains: z.array(hostname).min(1),
    logo: imageSource,
    favicon: imageSource,
    colors: brandColors,
    /** A CSS font-family list. */
    font: z.string().trim().min(1),
    /** The product's one e-mail rule (the contract's). */
    supportEmail: email,
    supportPhone: z.string().regex(/^[\d+()\-. ]{7,20}$/, 'Must be a phone number'),
    /** Plain text; paragraphs are separated by a blank line, a paragraph starting with "# " is a heading. */
    termsText: z.string().trim().min(1),
    privacyText: z.string().trim().min(1),
    roleLabels: z.partialRecord(role, z.string().trim().min(1)),
    roleLists: z.object({
      /** Every role the brand offers, in display order. */
      general: z.array(role).min(1),
      /** Roles a manager may give the users they create. */
      managerAssignable: z.array(role),
      /** Administrator-level roles. */
      adminLevel: z.array(role),
    }),
    agentTitles: z.array(agentTitle).min(1),
    /**
     * The brand's agents sell Medicare plans (Advantage, Supplement, Part D): their dashboard lists
     * the contacts turning 65, whose Medicare enrolment window is opening. Whatever their title:
     * titles are job names (advisor, representative ...), not lines of business.
     */
    sellsMedicare: z.boolean().default(false),
    /**
     * Characters this brand's filtered text fields take beyond letters, digits and spaces (spec
     * part 2 §5: "plus # and / in one variant"), e.g. `#/`; empty for none. Punctuation and symbols
     * only, never the markup characters < > &. See text-filter.ts.
     */
    keystrokeExtras: z.string().regex(/^(?:(?![<>&])[\p{P}\p{S}])*$/u, 'Must be punctuation or symbols other than < > &'),
    analyticsId: z.string().min(1).nullable(),
    helpWidget: z.boolean(),
    flags: flagMatrix,
    /** Per-company exceptions to the matrix ("company number" in spec part 2 §6), by company id. */
    companyOverrides: z.record(z.string().regex(/^\d+$/), z.partialRecord(flagName, z.boolean())).default({}),
  })
  .superRefine((brand, ctx) => {
    const offered = new Set<Role>(brand.roleLists.general);
    for (const list of ['managerAssignable', 'adminLevel'] as const) {
      brand.roleLists[list].forEach((r, index) => {
        if (!offered.has(r)) {
          ctx.addIssue({
            code: 'custom',
            path: ['roleLists', list, index],
            message: `Role "${r}" is not in roleLists.general`,
          });
        }
      });
    }
    for (const r of offered) {
      if (!brand.roleLabels[r]) {
        ctx.addIssue({
          code: 'custom',
          path: ['roleLabels', r],
          message: `Role "${r}" needs a label`,
        });
      }
    }
    const titles = brand.agentTitles.map((t) => t.value);
    if (new Set(titles).size !== titles.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['agentTitles'],
        message: 'Agent titles must be unique',
      });
    }
    // The palette must meet WCAG AA for normal text wherever the frame puts text.
    const { colors } = brand;
    const pairs: [keyof BrandColors, keyof BrandColors][] = [
      ['text', 'background'],
      ['text', 'surface'],
      ['muted', 'background'],
      ['muted', 'surface'],
      ['primaryContrast', 'primary'],
      ['primary', 'background'],
      ['primary', 'surface'],
    ];
    for (const [fg, bg] of pairs) {
      const ratio = contrastRatio(colors[fg], colors[bg]);
      if (ratio < MIN_TEXT_CONTRAST) {
        ctx.addIssue({
          code: 'custom',
          path: ['colors', fg],
          message: `${fg} on ${bg} has contrast ${ratio.toFixed(2)}:1, below ${MIN_TEXT_CONTRAST}:1`,
        });
      }
    }
  });

/** What a brand file writes (before parsing). */
export type BrandConfigInput = z.input<typeof brandConfig>;
/** A validated brand. */
export type BrandConfig = z.output<typeof brandConfig>;

/** Validates a brand, throwing a readable error naming every problem. */
export function parseBrandConfig(input: unknown): BrandConfig {
  const result = brandConfig.safeParse(input);
  if (!result.success) {
    throw new Error(`Invalid brand configuration:\n${z.prettifyError(result.error)}`);
  }
  return result.data;
}

export { everyFlag, inEveryEnvironment } from './flag-matrix';
