import { Tabs as RadixTabs } from 'radix-ui';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { focusRing } from '../lib/focus-ring';

export type TabItem = {
  value: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
};

export type TabsProps = {
  tabs: readonly TabItem[];
  /** Controlled: the selected tab's value (pair with onValueChange, e.g. to sync `?tab=`). */
  value?: string;
  /** Uncontrolled: the tab selected first (default: the first tab). */
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** Names the tab list for assistive technology. */
  'aria-label'?: string;
  /** 'automatic' selects a tab as the arrow keys focus it; 'manual' needs Enter or Space. */
  activationMode?: 'automatic' | 'manual';
  className?: string;
};

/** Tabs (Radix): arrow keys move between tabs, Home/End jump, each panel is labelled by its tab. */
export function Tabs({
  tabs,
  value,
  defaultValue,
  onValueChange,
  'aria-label': ariaLabel,
  activationMode = 'automatic',
  className,
}: TabsProps) {
  const isControlled = value !== undefined;
  return (
    <RadixTabs.Root
      {...(isControlled ? { value } : { defaultValue: defaultValue ?? tabs[0]?.value })}
      onValueChange={onValueChange}
      activationMode={activationMode}
      className={cn('flex flex-col', className)}
    >
      <RadixTabs.List
        aria-label={ariaLabel}
        className="flex gap-1 overflow-x-auto border-b border-border"
      >
        {tabs.map((tab) => (
          <RadixTabs.Trigger
            key={tab.value}
            value={tab.value}
            disabled={tab.disabled}
            className={cn(
              '-mb-px cursor-pointer border-b-2 border-transparent px-3 py-2 text-sm font-medium whitespace-nowrap text-muted',
              'hover:text-text data-[state=active]:border-primary data-[state=active]:text-text',
              'disabled:cursor-not-allowed disabled:opacity-60',
              focusRing,
            )}
          >
            {tab.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {tabs.map((tab) => (
        <RadixTabs.Content key={tab.value} value={tab.value} className={cn('pt-4', focusRing)}>
          {tab.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
