import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Notice } from './Notice';

describe('Notice', () => {
  it('is a polite status region that is present before the message arrives', () => {
    const { rerender } = render(<Notice message={null} />);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    rerender(<Notice message="Saved." />);
    expect(screen.getByRole('status')).toHaveTextContent('Saved.');
  });
});
