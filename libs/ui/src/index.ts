export { cn, type ClassValue } from './lib/cn';
export { focusRing } from './lib/focus-ring';
export {
  Button,
  buttonClassName,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './button/Button';
export { Input, Textarea, type InputProps, type TextareaProps } from './input/Input';
export { Field, type FieldControlProps, type FieldProps } from './field/Field';
export { Select, type SelectOption, type SelectProps } from './select/Select';
export { Checkbox, type CheckboxCheckedState, type CheckboxProps } from './checkbox/Checkbox';
export {
  Dialog,
  DialogClose,
  type DialogCloseProps,
  type DialogProps,
  type DialogSize,
} from './dialog/Dialog';
export { DialogActions, type DialogActionsProps } from './dialog/DialogActions';
export { Tabs, type TabItem, type TabsProps } from './tabs/Tabs';
export { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog/ConfirmDialog';
export { Table, type TableAlign, type TableColumn, type TableProps } from './table/Table';
export { Card, type CardProps } from './card/Card';
export { Spinner, type SpinnerProps, type SpinnerSize } from './spinner/Spinner';
export { BarChart, type BarChartDatum, type BarChartProps } from './bar-chart/BarChart';
export { ProgressBar, type ProgressBarProps } from './progress-bar/ProgressBar';
export { Toaster, toast, type ToasterProps } from './toaster/Toaster';
export { EmptyState, type EmptyStateProps } from './empty-state/EmptyState';
export { Notice } from './notice/Notice';
export type { NoticeProps } from './notice/Notice';
export { ProcessNotification, type ProcessNotificationProps, type ProcessNotificationState } from './process-notification/ProcessNotification';
export { Pager, type PagerProps } from './pager/Pager';
export { PageHeader, type PageHeaderProps } from './page-header/PageHeader';
export { Menu, type MenuItem, type MenuProps } from './menu/Menu';
export { NavigationBar, type NavigationBarProps, type NavigationEntry, type NavigationLink } from './navigation-bar/NavigationBar';
export { PHONE_MEDIA_QUERY, useMediaQuery, usePhoneLayout } from './lib/use-media-query';
export { useElementWidth } from './lib/use-element-width';
export { useDebouncedValue } from './lib/use-debounced-value';
