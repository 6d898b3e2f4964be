import type { Meta, StoryObj } from '@storybook/react-vite';
import { Notice } from './Notice';

const meta: Meta<typeof Notice> = { title: 'UI/Notice', component: Notice };
export default meta;

type Story = StoryObj<typeof Notice>;

export const Saved: Story = { args: { message: 'Your profile has been saved.' } };
export const Empty: Story = { args: { message: null } };
