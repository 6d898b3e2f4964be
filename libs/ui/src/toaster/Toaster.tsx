import type { CSSProperties } from 'react';
import { Toaster as SonnerToaster, toast, type ToasterProps as SonnerToasterProps } from 'sonner';

export { toast };

export type ToasterProps = SonnerToasterProps;

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

/** Renders the toasts raised with `toast(...)`; mount it once near the root of the app. */
export function Toaster({ style, toastOptions, ...props }: ToasterProps) {
  return (
    <SonnerToaster
      position="top-right"
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
