import { createApp } from 'vue';
import 'soliplex-chat'; // defines <soliplex-chat>
import App from './App.vue';

createApp(App).mount('#app');
