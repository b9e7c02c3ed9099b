import { createApp } from 'vue';
import 'soliplex-chat';
import type {} from 'soliplex-chat/vue';
import App from './App.vue';

createApp(App).mount('#app');
(window as unknown as { consumerReady: boolean }).consumerReady = true;
