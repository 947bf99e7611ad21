// The API's types generated from the public OpenAPI document (src/api/openapi.json, a checked-in copy that
// table-service's OpenApiSnapshotTest keeps equal to its /q/openapi, the forwarded services' paths included;
// `npm run api:types` writes openapi.gen.ts from it, and every build does so first). Where the document is exact,
// types.ts uses the generated type itself, and the forwarded services' calls take their answers from the document's
// paths (Answer); where the hand-written type says more than the document can (null for "none", the engine's
// views and moves, which the document describes as opaque objects), the checks below make vue-tsc fail when a field
// is added, renamed or removed on either side, so the client cannot drift from the server.
import type { components, paths } from './openapi.gen';
import type * as T from './types';

export type Schemas = components['schemas'];

type Method = 'get' | 'post' | 'delete';
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>;
type Json<R> = R extends { content: { 'application/json': infer J } } ? J : null;
/** The JSON of a call's success (200, else 201; null for 204) as the document gives it: `Answer<'/api/leaderboard', 'get'>`. */
export type Answer<P extends keyof paths, M extends Method> = Op<P, M> extends { responses: infer R }
  ? R extends { 200: infer A } ? Json<A> : R extends { 201: infer A } ? Json<A> : null
  : never;

type Keys<X> = keyof X & string;
/** true when both have the same field names; otherwise the names only one side has (shown by vue-tsc). */
type SameFields<Client, Server> = [Exclude<Keys<Client>, Keys<Server>>, Exclude<Keys<Server>, Keys<Client>>] extends [never, never]
  ? true : { onlyInTheClient: Exclude<Keys<Client>, Keys<Server>>; onlyInTheServer: Exclude<Keys<Server>, Keys<Client>> };
type Check<X extends true> = X;

export type Drift = [
  Check<SameFields<T.Guest, Schemas['Guest']>>,
  Check<SameFields<T.AccountSession, Schemas['Session']>>,
  Check<SameFields<T.Seat, Schemas['Seat']>>,
  Check<SameFields<T.TableSummary, Schemas['TableSummary']>>,
  Check<SameFields<T.LobbyTable, Schemas['LobbyTable']>>,
  Check<SameFields<T.LobbyPage, Schemas['LobbyPage']>>,
  Check<SameFields<T.MyTable, Schemas['MyTable']>>,
  Check<SameFields<T.TableView, Schemas['TableView']>>,
  Check<SameFields<T.TableView['table'], Schemas['TableInView']>>,
  Check<SameFields<T.MatchInfo, Schemas['MatchInView']>>,
  Check<SameFields<T.Clock, Schemas['Clock']>>,
  Check<SameFields<T.Leaver, Schemas['Leaver']>>,
  Check<SameFields<T.Board, Schemas['Board']>>,
  Check<SameFields<T.BoardDeal, Schemas['DealBoard']>>,
  Check<SameFields<T.BoardRow, Schemas['BoardRow']>>,
  Check<SameFields<T.Accepted, Schemas['CommandAccepted']>>,
  Check<SameFields<T.Hint, Schemas['HintAnswer']>>,
  Check<SameFields<T.Hint['candidates'][number], Schemas['HintCandidate']>>,
  Check<SameFields<T.Replay, Schemas['Replay']>>,
  Check<SameFields<T.ReplayStep, Schemas['ReplayStep']>>,
  Check<SameFields<T.ShuffleProof, NonNullable<Schemas['ShuffleProof']>>>,
  Check<SameFields<T.EventsPage, Schemas['EventsPage']>>,
];

/** The gear's tempo choices are exactly the API's (SoloRequest.tempo). */
type SameValues<A, B> = [A] extends [B] ? ([B] extends [A] ? true : { client: A; server: B }) : { client: A; server: B };
export type TempoDrift = Check<SameValues<import('../logic/prefs').Tempo, Schemas['Tempo']>>;
