import { createRouter, createWebHistory } from 'vue-router';
import { session } from './session';
import SignIn from './views/SignIn.vue';
import Lobby from './views/Lobby.vue';
import TablePage from './views/TablePage.vue';

// History routes: a reload on /tables/… reaches table-service, whose Quinoa SPA routing answers index.html.
export const router = createRouter({
  history: createWebHistory(),
  routes: [
    { path: '/', name: 'lobby', component: Lobby },
    { path: '/signin', name: 'signin', component: SignIn },
    { path: '/tables/:id', name: 'table', component: TablePage, props: true },
    { path: '/:rest(.*)*', redirect: '/' },
  ],
});

router.beforeEach((to) => {
  if (to.name !== 'signin' && !session.guest) return { name: 'signin', query: { next: to.fullPath } };
  return true;
});
