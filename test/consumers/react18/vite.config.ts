import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Relative asset paths: the test serves each app from its own folder.
export default defineConfig({ base: './', plugins: [react()] });
