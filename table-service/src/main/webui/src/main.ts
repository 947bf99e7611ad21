import { createApp } from 'vue';
import App from './App.vue';
import { router } from './router';
import { whenUnauthorized } from './api/http';
import './style.css';

whenUnauthorized(() => router.push({ name: 'signin' }));
createApp(App).use(router).mount('#app');
