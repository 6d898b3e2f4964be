import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { BrandText } from './BrandText';

describe('BrandText', () => {
  it('makes "# " lines headings, with or without a blank line before their paragraph', () => {
    const { container } = render(
      <BrandText
        text={'# Agreement\nFirst paragraph.\n\n# Fees\n\nSecond paragraph.\n\nThird\nparagraph.'}
      />,
    );
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Agreement',
      'Fees',
    ]);
    expect(Array.from(container.querySelectorAll('p')).map((p) => p.textContent)).toEqual([
      'First paragraph.',
      'Second paragraph.',
      'Third\nparagraph.',
    ]);
  });
});
