import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ApiError } from '@crm/api-client';
import { callsOf, makeUser, testBrand } from '@crm/testing';
import { parseBrandConfig } from '@crm/variant';
import { ProfilePage } from './ProfilePage';
import { themeSchema } from './ThemeForm';
import { renderAccount } from './test/render';

beforeAll(() => {
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

afterEach(() => document.documentElement.removeAttribute('style'));

const brand = parseBrandConfig(testBrand);

function setColor(label: string, value: string) {
  fireEvent.input(screen.getByLabelText(label), { target: { value } });
}

describe('Theme tab', () => {
  it("shows the brand's defaults and saves a new primary colour, which the frame then uses", async () => {
    const user = makeUser();
    const saved = makeUser({ profile: { primary_color: '#6b21a8' } });
    const { client } = renderAccount({
      path: '/account/profile?tab=theme',
      user,
      element: <ProfilePage />,
      handlers: { updateTheme: () => saved, authProfile: () => saved },
    });
    const primary = screen.getByLabelText('Primary colour');
    expect(primary).toHaveValue(brand.colors.primary);
    expect(primary).toHaveAccessibleDescription('Brand default');
    expect(screen.getByLabelText('Background')).toHaveValue(brand.colors.background);

    setColor('Primary colour', '#6b21a8');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText('Your theme has been saved.')).toBeInTheDocument();
    expect(callsOf(client, 'updateTheme')).toEqual([
      { body: { primary_color: '#6b21a8', background: null, font_size: null } },
    ]);
    // The session now holds the saved theme, which overrides the brand's variable.
    await waitFor(() =>
      expect(document.documentElement.style.getPropertyValue('--color-primary')).toBe('#6b21a8'),
    );
  });

  it('refuses a primary colour that white button text cannot be read on, beside the field', async () => {
    const user = makeUser();
    const { client } = renderAccount({
      path: '/account/profile?tab=theme',
      user,
      element: <ProfilePage />,
    });
    setColor('Primary colour', '#ffe066');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save theme' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Primary colour')).toHaveAccessibleDescription(
        /Button text on this colour has contrast .* below 4.5:1/,
      ),
    );
    expect(callsOf(client, 'updateTheme')).toEqual([]);
  });

  it('refuses a background the text cannot be read on', async () => {
    const user = makeUser();
    renderAccount({ path: '/account/profile?tab=theme', user, element: <ProfilePage /> });
    setColor('Background', '#333333');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save theme' }));
    expect(await screen.findByText(/Text on this background has contrast/)).toBeInTheDocument();
  });

  it('goes back to the brand default and picks a font size', async () => {
    const user = makeUser({ profile: { primary_color: '#6b21a8', background: '#fffaf0' } });
    const { client } = renderAccount({
      path: '/account/profile?tab=theme',
      user,
      element: <ProfilePage />,
      handlers: { updateTheme: () => makeUser(), authProfile: () => makeUser() },
    });
    const events = userEvent.setup();
    expect(screen.getByLabelText('Primary colour')).toHaveValue('#6b21a8');
    await events.click(
      screen.getByRole('button', { name: 'Use brand default for primary colour' }),
    );
    expect(screen.getByLabelText('Primary colour')).toHaveValue(brand.colors.primary);
    await events.click(screen.getByRole('combobox', { name: 'Font size' }));
    await events.click(await screen.findByRole('option', { name: 'Large' }));
    await events.click(screen.getByRole('button', { name: 'Save theme' }));
    await waitFor(() =>
      expect(callsOf(client, 'updateTheme')).toEqual([
        { body: { primary_color: null, background: '#fffaf0', font_size: 'large' } },
      ]),
    );
  });

  it("shows the server's 422 beside the field", async () => {
    const user = makeUser();
    renderAccount({
      path: '/account/profile?tab=theme',
      user,
      element: <ProfilePage />,
      handlers: {
        updateTheme: () => {
          throw new ApiError(422, { errors: { background: 'Background is not allowed' } });
        },
      },
    });
    setColor('Background', '#fffaf0');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save theme' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Background')).toHaveAccessibleDescription(
        /Background is not allowed/,
      ),
    );
  });
});

describe('themeSchema', () => {
  it.each([
    [{}, true],
    [{ primary_color: null, background: null, font_size: null }, true],
    [{ primary_color: '#6b21a8' }, true],
    [{ primary_color: '#ffe066' }, false],
    [{ background: '#111111' }, false],
    [{ background: '#fffaf0', font_size: 'small' }, true],
    [{ primary_color: 'purple' }, false],
  ])('%j valid: %s', (values, ok) => {
    expect(themeSchema(brand).safeParse(values).success).toBe(ok);
  });
});
