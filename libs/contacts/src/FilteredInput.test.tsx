import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { BrandProvider, evergreenBrand, harborBrand, keystoneBrand, type BrandConfig, type TextKind } from '@crm/variant';
import { FilteredInput } from './FilteredInput';

function renderIn(brand: BrandConfig, kind?: TextKind, onChange = vi.fn()) {
  render(
    <BrandProvider brand={brand} environment="production">
      <FilteredInput aria-label="Field" kind={kind} onChange={(e) => onChange(e.target.value)} />
    </BrandProvider>,
  );
  return screen.getByLabelText('Field');
}

describe('FilteredInput (brand keystroke filter)', () => {
  it.each([
    ['harbor', harborBrand],
    ['evergreen', evergreenBrand],
  ])('takes letters, digits and spaces only in %s', async (_name, brand) => {
    const input = renderIn(brand);
    await userEvent.type(input, 'St. Louis #2/B <x>!');
    expect(input).toHaveValue('St Louis 2B x');
  });

  it('also takes # and / in keystone', async () => {
    const input = renderIn(keystoneBrand);
    await userEvent.type(input, 'Apt #2/B (rear)!');
    expect(input).toHaveValue('Apt #2/B rear');
  });

  it('takes letters of any script', async () => {
    const input = renderIn(harborBrand);
    await userEvent.type(input, 'Łódź São Paulo 北京');
    expect(input).toHaveValue('Łódź São Paulo 北京');
  });

  it("keeps a person's name whole, typed or pasted, with its apostrophe, hyphen and period", async () => {
    const onChange = vi.fn();
    const input = renderIn(harborBrand, 'person_name', onChange);
    await userEvent.type(input, "Zoë O'Connor-Ñúñez");
    expect(input).toHaveValue("Zoë O'Connor-Ñúñez");
    expect(onChange).toHaveBeenLastCalledWith("Zoë O'Connor-Ñúñez");
    await userEvent.clear(input);
    await userEvent.paste('Seán Ó Briain, St. John <3 😀');
    expect(input).toHaveValue('Seán Ó Briain St. John 3 ');
  });

  it('drops filtered characters from pasted text', async () => {
    const input = renderIn(harborBrand);
    await userEvent.click(input);
    await userEvent.paste("O'Brien-Smith #4");
    expect(input).toHaveValue('OBrienSmith 4');
  });

  it('keeps a combining accent typed after its letter (decomposed Vietnamese)', async () => {
    const input = renderIn(harborBrand, 'person_name');
    const name = 'Nguyễn Thị'.normalize('NFD');
    await userEvent.type(input, name);
    expect(input).toHaveValue(name);
  });

  it('keeps the caret where it was when a character is dropped in the middle', async () => {
    const input = renderIn(harborBrand, 'person_name') as HTMLInputElement;
    await userEvent.type(input, 'AnnLee');
    input.setSelectionRange(3, 3);
    await userEvent.keyboard('<');
    expect(input).toHaveValue('AnnLee');
    expect(input.selectionStart).toBe(3);
  });

  it('leaves an input method’s composition alone and filters the text when it ends', () => {
    const onChange = vi.fn();
    const input = renderIn(harborBrand, 'text', onChange);
    fireEvent.compositionStart(input);
    // a pinyin input method shows syllables apart with an apostrophe while composing
    fireEvent.input(input, { target: { value: "xi'an" }, isComposing: true });
    expect(input).toHaveValue("xi'an");
    fireEvent.compositionEnd(input);
    expect(input).toHaveValue('xian');
    expect(onChange).toHaveBeenLastCalledWith('xian');
    // the composed characters themselves are letters, kept as they are
    fireEvent.compositionStart(input);
    fireEvent.input(input, { target: { value: '西安' }, isComposing: true });
    fireEvent.compositionEnd(input);
    expect(input).toHaveValue('西安');
    expect(onChange).toHaveBeenLastCalledWith('西安');
  });
});
