import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig, type PluginOption } from 'vite';
import { workspaceAliases } from '../tools/vite/aliases';

function hasPlugin(plugins: PluginOption[] | undefined, prefix: string): boolean {
  return (plugins ?? [])
    .flat(Infinity as 1)
    .some((plugin) => Boolean(plugin && 'name' in plugin && plugin.name.startsWith(prefix)));
}

const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: ['../libs/**/*.stories.tsx'],
  core: { disableTelemetry: true },
  typescript: { reactDocgen: 'react-docgen' },
  viteFinal: async (viteConfig) =>
    mergeConfig(viteConfig, {
      plugins: [tailwindcss(), ...(hasPlugin(viteConfig.plugins, 'vite:react') ? [] : [react()])],
      resolve: { alias: workspaceAliases() },
    }),
};

export default config;
