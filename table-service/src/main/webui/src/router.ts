import { createRouter, createWebHashHistory } from 'vue-router';
import { session } from './session';
import SignIn from './views/SignIn.vue';
import Lobby from './views/Lobby.vue';
import TablePage from './views/TablePage.vue';
import LeaderboardPage from './views/LeaderboardPage.vue';
import ProfilePage from './views/ProfilePage.vue';
import ReplayPage from './views/ReplayPage.vue';
import QuickMatchPage from './views/QuickMatchPage.vue';
import ChipsPage from './views/ChipsPage.vue';
import DailyPage from './views/DailyPage.vue';

// Hash routes (/#/tables/…): a reload on any client route asks the server for / only. Path routes would need the
// server to answer index.html for them, which Quinoa's SPA routing cannot do here: since Quarkus 3.9 a
// NotFoundException mapper (durak-service's ErrorMappers) answers every unmatched path (docs/webclient.md).
export const router = createRouter({
  history: createWebHashHistory(),
  routes: [
    { path: '/', name: 'lobby', component: Lobby },
    { path: '/signin', name: 'signin', component: SignIn },
    // a guest's "Create account" (the same page: signed in as a guest, it shows only that)
    { path: '/account', name: 'account', component: SignIn },
    { path: '/tables/:id', name: 'table', component: TablePage, props: true },
    { path: '/leaderboard', name: 'leaderboard', component: LeaderboardPage },
    { path: '/daily', name: 'daily', component: DailyPage },
    { path: '/players/:id', name: 'profile', component: ProfilePage, props: true },
    { path: '/replays/:id', name: 'replays', component: ReplayPage, props: true },
    { path: '/quick', name: 'quick', component: QuickMatchPage },
    { path: '/chips', name: 'chips', component: ChipsPage },
    { path: '/:rest(.*)*', redirect: '/' },
  ],
});

router.beforeEach((to) => {
  if (to.name !== 'signin' && !session.player) return { name: 'signin', query: { next: to.fullPath } };
  return true;
});
