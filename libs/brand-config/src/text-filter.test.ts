import { describe, expect, it } from 'vitest';
import { evergreenBrand, harborBrand, keystoneBrand } from './brands';
import { allowedText, filterText } from './text-filter';

/** Real names in several languages and scripts, as their owners write them. */
const NAMES = {
  spanish: ['José Martínez', 'Zoë O\'Connor-Ñúñez', 'María José Ibáñez'],
  vietnamese: ['Nguyễn Thị Minh Khai', 'Trần Văn Đức'],
  // the same name with its marks typed as separate combining characters (NFD), as some keyboards do
  vietnameseDecomposed: ['Nguyễn Thị Minh Khai'.normalize('NFD')],
  polish: ['Łukasz Wąsowski', 'Małgorzata Żółć'],
  irish: ['Seán Ó Briain', "Siobhán O'Sullivan", 'Pádraig Mac Giolla Phádraig', 'Aoife O’Neill'],
  chinese: ['王秀英', '欧阳 娜娜', '𠮷野家'],
  english: ["O'Brien", 'Mary-Kate', 'St. John', 'Henry 3rd'],
};

describe('allowedText / filterText (spec part 2 §5: letters, digits and spaces)', () => {
  it.each(Object.entries(NAMES))('keeps %s person names whole', (_language, names) => {
    for (const name of names) {
      expect(allowedText(harborBrand, 'person_name', name)).toBe(true);
      expect(filterText(harborBrand, 'person_name', name)).toBe(name);
    }
  });

  it('takes letters of any script, digits and spaces in other text, but not the punctuation of names', () => {
    for (const city of ['Łódź', 'São Paulo', 'Hà Nội', '北京', 'Zürich 8001', 'Αθήνα', 'Санкт Петербург']) {
      expect(allowedText(harborBrand, 'text', city)).toBe(true);
    }
    expect(allowedText(harborBrand, 'text', "St. John's")).toBe(false);
    expect(filterText(harborBrand, 'text', "St. John's-Wood")).toBe('St JohnsWood');
  });

  it('takes digits only (a digit is allowed anywhere the spec allows one)', () => {
    expect(allowedText(harborBrand, 'person_name', '12345')).toBe(true);
    expect(allowedText(harborBrand, 'text', '12345')).toBe(true);
  });

  it('refuses markup and symbols, and drops them from pasted text', () => {
    for (const kind of ['person_name', 'text'] as const) {
      expect(allowedText(harborBrand, kind, 'Ann<script>')).toBe(false);
      expect(allowedText(harborBrand, kind, 'Ann & Lee')).toBe(false);
      expect(allowedText(harborBrand, kind, 'Lee!')).toBe(false);
      expect(allowedText(harborBrand, kind, 'A;n')).toBe(false);
    }
    expect(filterText(harborBrand, 'person_name', '<script>alert("Zoë")</script>')).toBe('scriptalertZoëscript');
  });

  it('refuses emoji whole, with their modifiers, joiners and variation selectors', () => {
    for (const emoji of ['😀', '👍🏽', '❤️', '👨‍👩‍👧', '🇮🇪', '1️⃣']) {
      expect(allowedText(harborBrand, 'person_name', `Ann${emoji}`)).toBe(false);
    }
    expect(filterText(harborBrand, 'person_name', 'Ann 😀❤️👍🏽 Lee👨‍👩‍👧')).toBe('Ann  Lee');
    // a mark that follows nothing allowed is dropped with it
    expect(filterText(harborBrand, 'person_name', '\u0301Ann')).toBe('Ann');
  });

  it('takes no other space than the space bar’s', () => {
    expect(allowedText(harborBrand, 'text', 'Ann\tLee')).toBe(false);
    expect(allowedText(harborBrand, 'text', 'Ann\nLee')).toBe(false);
  });

  it("adds the brand's extra characters (Keystone: # and /) to both kinds", () => {
    expect(allowedText(keystoneBrand, 'text', 'Apt #4/B')).toBe(true);
    expect(allowedText(keystoneBrand, 'person_name', "O'Brien #2/3")).toBe(true);
    expect(allowedText(keystoneBrand, 'text', 'Apt <4>')).toBe(false);
    expect(allowedText(evergreenBrand, 'text', 'Apt #4/B')).toBe(false);
    expect(filterText(evergreenBrand, 'text', 'Apt #4/B')).toBe('Apt 4B');
  });

  it('escapes extra characters that mean something inside a character class', () => {
    const brand = { keystrokeExtras: '^]\\-[' };
    expect(allowedText(brand, 'text', 'a^]\\-[b')).toBe(true);
    expect(allowedText(brand, 'text', 'a_b')).toBe(false);
  });
});
