import { beforeAll, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { callsOf, makeUser } from '@crm/testing';
import { BASE_AGENT_TITLES, BRANDS, type BrandId } from '@crm/variant';
import { ProfileForm } from './ProfileForm';
import { renderAccount } from './test/render';

beforeAll(() => {
  // Radix Select needs pointer capture and scrolling, which jsdom lacks.
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => undefined;
  Element.prototype.scrollIntoView ??= () => undefined;
});

async function titleOptions(): Promise<string[]> {
  await userEvent.setup().click(screen.getByRole('combobox', { name: 'Title' }));
  const listbox = await screen.findByRole('listbox');
  return within(listbox)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}

const baseLabels = BASE_AGENT_TITLES.map((t) => t.label);

describe('ProfileForm title', () => {
  it.each<[BrandId, string[]]>([
    ['harbor', baseLabels],
    ['keystone', [...baseLabels, 'Licensed Insurance Agent', 'Agency Sales Manager']],
    [
      'evergreen',
      [
        ...baseLabels,
        'Funeral Director',
        'Preneed Agent',
        'Advanced Planning Specialist',
        'Prearrangement Specialist',
      ],
    ],
  ])("offers exactly the %s brand's agent titles", async (brandId, expected) => {
    const user = makeUser();
    renderAccount({ user, brand: BRANDS[brandId], element: <ProfileForm user={user} /> });
    expect(await titleOptions()).toEqual(expected);
  });

  it('shows the saved title and saves a new one with update_profile', async () => {
    const user = makeUser({ profile: { title: 'advisor' } });
    const { client } = renderAccount({
      user,
      brand: BRANDS.keystone,
      element: <ProfileForm user={user} />,
      handlers: {
        updateProfile: () => makeUser({ profile: { title: 'agency_sales_manager' } }),
        authProfile: () => makeUser({ profile: { title: 'agency_sales_manager' } }),
      },
    });
    expect(screen.getByRole('combobox', { name: 'Title' })).toHaveTextContent('Advisor');
    const events = userEvent.setup();
    await events.click(screen.getByRole('combobox', { name: 'Title' }));
    await events.click(await screen.findByRole('option', { name: 'Agency Sales Manager' }));
    await events.click(screen.getByRole('button', { name: 'Save profile' }));
    await waitFor(() => expect(callsOf(client, 'updateProfile')).toHaveLength(1));
    expect(callsOf(client, 'updateProfile')[0]?.body).toMatchObject({
      title: 'agency_sales_manager',
    });
    expect(await screen.findByText('Your profile has been saved.')).toBeInTheDocument();
  });
});
