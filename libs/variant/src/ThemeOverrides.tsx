import { useContext, useLayoutEffect } from 'react';
import { ThemeOverrideContext } from './brand-context';
import type { UserTheme } from './theme';

export type ThemeOverridesProps = UserTheme;

/**
 * Puts a user's own theme (primary colour, background, font size) over the brand's CSS variables
 * while mounted; null or missing values keep the brand's defaults. Renders nothing. Outside a
 * BrandProvider it does nothing.
 */
export function ThemeOverrides({
  primaryColor = null,
  background = null,
  fontSize = null,
}: ThemeOverridesProps) {
  const setUserTheme = useContext(ThemeOverrideContext);
  useLayoutEffect(() => {
    if (!setUserTheme) return undefined;
    setUserTheme({ primaryColor, background, fontSize });
    return () => setUserTheme(null);
  }, [setUserTheme, primaryColor, background, fontSize]);
  return null;
}
