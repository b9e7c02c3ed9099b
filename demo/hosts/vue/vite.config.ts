import { defineConfig } from 'vite';
import vue from '@vitejs/plugin-vue';

export default defineConfig({
  // Relative base: the build is served under /hosts/vue/ by the demo servers.
  base: './',
  plugins: [
    // soliplex-* tags are custom elements, not Vue components to resolve.
    vue({ template: { compilerOptions: { isCustomElement: (tag) => tag.startsWith('soliplex-') } } }),
  ],
});
