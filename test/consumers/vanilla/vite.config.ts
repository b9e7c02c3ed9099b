import { defineConfig } from 'vite';

// Relative asset paths: the test serves each app from its own folder.
export default defineConfig({ base: './' });
