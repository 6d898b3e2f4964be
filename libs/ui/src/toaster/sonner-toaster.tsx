// Loaded on demand by Toaster.tsx: sonner and the theme's toaster, apart from the first page's code.
import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster, toast, type ToasterProps } from 'sonner';

export { toast };

// Sonner reads its colours from these variables; point them at the theme tokens so toasts follow
// the brand at runtime.
const themeVariables = {
  '--normal-bg': 'var(--color-surface)',
  '--normal-text': 'var(--color-text)',
  '--normal-border': 'var(--color-border)',
  '--success-bg': 'var(--color-surface)',
  '--success-text': 'var(--color-success)',
  '--success-border': 'var(--color-success)',
  '--error-bg': 'var(--color-surface)',
  '--error-text': 'var(--color-danger)',
  '--error-border': 'var(--color-danger)',
  '--info-bg': 'var(--color-surface)',
  '--info-text': 'var(--color-text)',
  '--info-border': 'var(--color-border)',
  '--warning-bg': 'var(--color-surface)',
  '--warning-text': 'var(--color-text)',
  '--warning-border': 'var(--color-border)',
  '--border-radius': 'var(--radius)',
} as CSSProperties;

/**
 * sonner's toaster in the theme's colours and font, at the bottom right: at the top right it
 * covered the header's user menu (the signed-in user's name) after every save.
 */
export function ThemedToaster({ style, toastOptions, ...props }: ToasterProps) {
  return (
    <SonnerToaster
      position="bottom-right"
      closeButton
      richColors
      {...props}
      style={{ ...themeVariables, ...style }}
      toastOptions={{
        ...toastOptions,
        style: { fontFamily: 'var(--font-sans)', ...toastOptions?.style },
      }}
    />
  );
}
