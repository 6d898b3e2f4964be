import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { axeViolations } from '../test/axe';
import { ErrorBoundary } from './ErrorBoundary';
import { ErrorScreen } from './ErrorScreen';
import { RouteErrorScreen } from './RouteErrorScreen';
import { setErrorReporter, type ErrorReporter } from './report-error';

const TITLE = 'An Error Occurred';
const TEXT =
  "The application detected an error, and it's been reported to the application development team.";

function Boom(): never {
  throw new Error('boom');
}

let restore: ErrorReporter | null = null;
afterEach(() => {
  if (restore) setErrorReporter(restore);
  restore = null;
  vi.restoreAllMocks();
});

describe('ErrorScreen', () => {
  it('shows the spec title and text literally, in a main landmark with one h1', async () => {
    render(<ErrorScreen />);
    expect(screen.getByRole('main')).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 1 });
    expect(headings).toHaveLength(1);
    expect(headings[0]).toHaveTextContent(new RegExp(`^${TITLE}$`));
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(await axeViolations()).toEqual([]);
  });
});

describe('ErrorBoundary', () => {
  it('catches a render error, reports it and shows the ErrorScreen', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const reporter = vi.fn();
    restore = setErrorReporter(reporter);
    render(
      <ErrorBoundary>
        <Boom />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    expect(reporter).toHaveBeenCalledWith(
      expect.objectContaining({ message: 'boom' }),
      expect.anything(),
    );
  });
});

describe('RouteErrorScreen', () => {
  it('is the router error element: shows the ErrorScreen and reports the error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const reporter = vi.fn();
    restore = setErrorReporter(reporter);
    const router = createMemoryRouter([
      { path: '/', element: <Boom />, errorElement: <RouteErrorScreen /> },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1, name: TITLE })).toBeInTheDocument();
    expect(screen.getByText(TEXT)).toBeInTheDocument();
    expect(reporter).toHaveBeenCalledWith(expect.objectContaining({ message: 'boom' }), {
      source: 'router',
    });
  });
});
