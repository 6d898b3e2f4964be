import { describe, expect, it } from 'vitest';
import { TAG_COLORS } from '@crm/contract';
import { tagBackground, tagTextColor } from './tag-color';

describe('tag colours', () => {
  it('puts white text on every colour of the picker and dark text on light colours', () => {
    for (const color of TAG_COLORS) expect(tagTextColor(color)).toBe('#ffffff');
    expect(tagTextColor('#fde047')).toBe('#111827');
    expect(tagTextColor('#ffffff')).toBe('#111827');
  });

  it('draws a tag whose stored colour is not #rrggbb in grey with white text', () => {
    expect(tagBackground('bad')).toBe('#374151');
    expect(tagBackground('#b91c1c')).toBe('#b91c1c');
    expect(tagTextColor('bad')).toBe('#ffffff');
  });
});
