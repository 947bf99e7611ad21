import { createRouter, createWebHashHistory } from 'vue-router';
import { session } from './session';
import SignIn from './views/SignIn.vue';
import Lobby from './views/Lobby.vue';

// The sign-in page and the lobby come with the first load; every other page is its own chunk, fetched when it is
// first opened (the table's is the largest), so the first load stays small (docs/webclient.md "Measured").
const TablePage = () => import('./views/TablePage.vue');
const LeaderboardPage = () => import('./views/LeaderboardPage.vue');
const ProfilePage = () => import('./views/ProfilePage.vue');
const ReplayPage = () => import('./views/ReplayPage.vue');
const QuickMatchPage = () => import('./views/QuickMatchPage.vue');
const ChipsPage = () => import('./views/ChipsPage.vue');
const DailyPage = () => import('./views/DailyPage.vue');

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
