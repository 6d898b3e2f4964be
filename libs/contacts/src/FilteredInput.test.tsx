import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { BrandProvider, evergreenBrand, harborBrand, keystoneBrand, type BrandConfigInput } from '@crm/variant';
import { FilteredInput } from './FilteredInput';

function renderIn(brand: BrandConfigInput) {
  render(
    <BrandProvider brand={brand} environment="production">
      <FilteredInput aria-label="City" />
    </BrandProvider>,
  );
  return screen.getByLabelText('City');
}

describe('FilteredInput (brand keystroke filter)', () => {
  it.each([
    ['harbor', harborBrand],
    ['evergreen', evergreenBrand],
  ])('takes letters, digits and spaces only in %s', async (_name, brand) => {
    const input = renderIn(brand);
    await userEvent.type(input, "St. Louis #2/B <x>!");
    expect(input).toHaveValue('St Louis 2B x');
  });

  it('also takes # and / in keystone', async () => {
    const input = renderIn(keystoneBrand);
    await userEvent.type(input, "Apt #2/B (rear)!");
    expect(input).toHaveValue('Apt #2/B rear');
  });

  it('drops filtered characters from pasted text', async () => {
    const input = renderIn(harborBrand);
    await userEvent.click(input);
    await userEvent.paste("O'Brien-Smith #4");
    expect(input).toHaveValue('OBrienSmith 4');
  });
});
