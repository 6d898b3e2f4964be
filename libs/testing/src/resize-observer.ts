/** Radix checkboxes inside a form measure themselves with ResizeObserver, which jsdom lacks. */
export function polyfillResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
