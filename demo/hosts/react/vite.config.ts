import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Relative base: the build is served under /hosts/react/ by the demo servers.
export default defineConfig({ base: './', plugins: [react()] });
