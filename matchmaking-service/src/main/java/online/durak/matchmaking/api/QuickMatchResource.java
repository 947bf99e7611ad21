package online.durak.matchmaking.api;

import io.quarkus.security.Authenticated;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.Sse;
import io.smallrye.common.annotation.Blocking;
import io.smallrye.mutiny.Multi;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import online.durak.matchmaking.SeatedNotices;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.resteasy.reactive.ResponseHeader;
import java.net.URI;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.UUID;
import online.durak.matchmaking.Matchmaker;
import online.durak.matchmaking.chips.Holds;
import online.durak.matchmaking.pool.Waiting;
import online.durak.matchmaking.pool.Wish;
import online.durak.matchmaking.rating.Ratings;
import online.durak.matchmaking.store.Ticket;
import online.durak.matchmaking.store.TicketStore;
import online.durak.service.api.ApiError;
import online.durak.service.api.ApiException;
import online.durak.service.api.ErrorCodes;
import online.durak.service.auth.AuthErrors;
import org.eclipse.microprofile.jwt.JsonWebToken;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.security.SecurityRequirement;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;
import org.jboss.logging.Logger;

/**
 * Quick match (docs/matchmaking.md): the player is the token's subject, so a request can only ever ask, look at,
 * keep alive or cancel the caller's own ticket; there is no ticket id in any path to name someone else's.
 */
@Path("/api/quick-match")
@Authenticated
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "quick match")
@SecurityRequirement(name = "bearer")
@APIResponse(responseCode = "401", description = "UNAUTHORIZED")
public class QuickMatchResource {
    private static final Logger LOG = Logger.getLogger(QuickMatchResource.class);
    /** The name claim of the table service's tokens. */
    static final String NAME_CLAIM = "name";
    /** The table service's claim of an account's token ({@code true}; a guest's has none). */
    static final String ACCOUNT_CLAIM = "account";

    private final JsonWebToken jwt;
    private final TicketStore store;
    private final Matchmaker matchmaker;
    private final Ratings ratings;
    private final SeatedNotices notices;
    private final Duration eventsEvery;
    private final Holds holds;

    public QuickMatchResource(JsonWebToken jwt, TicketStore store, Matchmaker matchmaker, Ratings ratings,
                              SeatedNotices notices, Holds holds,
                              @ConfigProperty(name = "durak.matchmaking.events.every") Duration eventsEvery) {
        this.jwt = jwt;
        this.store = store;
        this.matchmaker = matchmaker;
        this.ratings = ratings;
        this.notices = notices;
        this.eventsEvery = eventsEvery;
        this.holds = holds;
    }

    /**
     * A new ticket: 201 with it. 409 {@code TICKET_EXISTS} while the player waits with one; 403
     * {@code STAKE_NEEDS_ACCOUNT} for a guest's stake (guests play without, as at open tables); an account's stake is
     * held first ({@link Holds}), 409 {@code INSUFFICIENT_CHIPS} and no ticket when the balance does not cover it;
     * 400 for settings a table would refuse. A formed ticket of the player's is replaced.
     */
    @POST
    @Consumes(MediaType.APPLICATION_JSON)
    @Operation(summary = "Ask for a quick match", description = "A ticket: the player waits in the pool of these "
            + "settings until a table is formed (GET it, or follow /api/quick-match/events). A stake is held from an "
            + "account's chips first. A formed ticket of the player's is replaced.")
    @RequestBody(required = true, content = @Content(schema = @Schema(implementation = QuickMatchRequest.Form.class)))
    @APIResponse(responseCode = "201", description = "the ticket",
            content = @Content(schema = @Schema(implementation = TicketView.class)))
    @APIResponse(responseCode = "400", description = "INVALID_JSON, INVALID_SETTING")
    @APIResponse(responseCode = "403", description = "STAKE_NEEDS_ACCOUNT")
    @APIResponse(responseCode = "409", description = "TICKET_EXISTS, INSUFFICIENT_CHIPS")
    @APIResponse(responseCode = "503", description = "CHIPS_UNAVAILABLE")
    public Response ask(QuickMatchRequest body) {
        String playerId = playerId();
        Wish wish = body == null ? Wish.read(null) : body.wish(); // no body: players is required
        long stake = wish.rules().stake();
        if (stake > 0 && !"true".equals(String.valueOf((Object) jwt.getClaim(ACCOUNT_CLAIM)))) {
            throw new ApiException(403, ErrorCodes.STAKE_NEEDS_ACCOUNT, "stake: guests play without stake ("
                    + stake + " asked); a quick match with a stake needs an account and its chips");
        }
        if (store.find(playerId).filter(Ticket::waiting).isPresent()) {
            throw exists();
        }
        // to the microsecond, as PostgreSQL keeps it: the answer shows the time stored
        Instant now = Instant.now().truncatedTo(ChronoUnit.MICROS);
        Ticket t = new Ticket(UUID.randomUUID().toString(), playerId, name(), wish, ratings.ratingOf(playerId), now,
                now, null, null, null);
        if (stake > 0) { // 409 INSUFFICIENT_CHIPS as the wallet says: no ticket then
            holds.hold(t.ticketId(), playerId, stake);
        }
        try {
            store.insert(t);
        } catch (RuntimeException e) {
            if (stake > 0) {
                holds.release(Holds.ticketKey(t.ticketId()), playerId);
            }
            throw e instanceof TicketStore.TicketExists ? exists() : e;
        }
        LOG.infof("ticket %s: %s asks for %s players in pool %s (rating %.1f)", t.ticketId(), playerId,
                wish.players() == null ? Wish.ANY : wish.players(), wish.pool(), t.rating());
        matchmaker.formSoon(wish.pool());
        return Response.created(URI.create("/api/quick-match")).entity(view(t, now)).build();
    }

    /** The player's ticket, waiting or seated; also its heartbeat. 404 {@code NO_TICKET} without one. */
    @GET
    @Operation(summary = "My ticket", description = "Waiting or seated; also the ticket's heartbeat.")
    @APIResponse(responseCode = "200", description = "the ticket")
    @APIResponse(responseCode = "404", description = "NO_TICKET")
    public TicketView mine() {
        return heartbeat();
    }

    /** The client is still there (as {@code GET}): a ticket without one for the heartbeat timeout is dropped. */
    @POST
    @Path("heartbeat")
    @Operation(summary = "I am still here", description = "A ticket without a heartbeat for "
            + "durak.matchmaking.heartbeat-timeout (30 s) is dropped.")
    @APIResponse(responseCode = "200", description = "the ticket")
    @APIResponse(responseCode = "404", description = "NO_TICKET")
    public TicketView heartbeat() {
        Instant now = Instant.now();
        Ticket t = store.heartbeat(playerId(), now).orElseThrow(QuickMatchResource::noTicket);
        return view(t, now);
    }

    /**
     * The waiting screen's push (server-sent events, the token in the {@code Authorization} header as for every call:
     * the web client reads the stream with {@code fetch}, since {@code EventSource} cannot send headers). Every
     * {@code durak.matchmaking.events.every} (1 s) a {@code waiting} event with the ticket (who has been found, the
     * seconds until bots); {@code formed} with the seated ticket ({@code tableId}, {@code seat}) at once when this
     * instance forms the table, else at the next look; {@code gone} ({@code NO_TICKET}) when the ticket was
     * cancelled or dropped meanwhile. The stream ends after {@code formed} or {@code gone}. While it is open it is the
     * ticket's heartbeat. 404 {@code NO_TICKET} (a plain answer, no stream) without a ticket.
     */
    @GET
    @Path("events")
    @Produces(MediaType.SERVER_SENT_EVENTS)
    @Blocking
    @ResponseHeader(name = "Cache-Control", value = "no-store")
    @ResponseHeader(name = "X-Accel-Buffering", value = "no") // for a proxy in front that would buffer
    @Operation(summary = "Follow my ticket", description = "Server-sent events, each one's data JSON: every second "
            + "waiting with the ticket; formed with the seated ticket (tableId, seat), at once when this instance "
            + "forms the table; gone with an error (NO_TICKET) when the ticket was cancelled or dropped. The stream "
            + "ends after formed or gone; while it is open it is the ticket's heartbeat.")
    @APIResponse(responseCode = "200", description = "the events: waiting and formed carry a QuickTicket, gone an "
            + "Error", content = @Content(mediaType = MediaType.SERVER_SENT_EVENTS,
            schema = @Schema(oneOf = {TicketView.class, ApiError.class})))
    @APIResponse(responseCode = "404", description = "NO_TICKET")
    public Multi<OutboundSseEvent> events(@Context Sse sse) {
        String playerId = playerId();
        store.heartbeat(playerId, Instant.now()).orElseThrow(QuickMatchResource::noTicket);
        return Multi.createFrom().emitter(em -> {
            AtomicBoolean ended = new AtomicBoolean();
            Runnable look = () -> {
                synchronized (ended) { // one look at a time, in order
                    if (ended.get()) {
                        return;
                    }
                    try {
                        Instant now = Instant.now();
                        Ticket t = store.heartbeat(playerId, now).orElse(null);
                        if (t == null) {
                            ended.set(true);
                            em.emit(sse.newEventBuilder().name("gone").mediaType(MediaType.APPLICATION_JSON_TYPE)
                                    .data(Map.of("code", ErrorCodes.NO_TICKET, "message",
                                            "your quick-match ticket was cancelled or dropped"))
                                    .build());
                            em.complete();
                            return;
                        }
                        em.emit(sse.newEventBuilder().name(t.waiting() ? "waiting" : "formed")
                                .mediaType(MediaType.APPLICATION_JSON_TYPE).data(view(t, now)).build());
                        if (!t.waiting()) {
                            ended.set(true);
                            em.complete();
                        }
                    } catch (RuntimeException e) { // the store did not answer: the next look tries again
                        LOG.debugf("quick-match events of %s: %s", playerId, e);
                    }
                }
            };
            var pool = Infrastructure.getDefaultWorkerPool();
            // the timer fires on an event loop, which must not wait for the store: each look runs on a worker
            ScheduledFuture<?> ticks = pool.scheduleAtFixedRate(() -> pool.execute(look), 0, eventsEvery.toMillis(),
                    TimeUnit.MILLISECONDS);
            AutoCloseable listening = notices.listen(playerId, () -> pool.execute(look));
            em.onTermination(() -> {
                ended.set(true);
                ticks.cancel(false);
                try {
                    listening.close();
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        });
    }

    /** Cancels the waiting ticket: 204. 404 {@code NO_TICKET} without one; 409 {@code TICKET_FORMED} once seated. */
    @DELETE
    @Operation(summary = "Cancel my ticket", description = "An account's held stake is given back.")
    @APIResponse(responseCode = "204", description = "cancelled")
    @APIResponse(responseCode = "404", description = "NO_TICKET")
    @APIResponse(responseCode = "409", description = "TICKET_FORMED")
    public Response cancel() {
        String playerId = playerId();
        Ticket cancelled = store.cancel(playerId).orElse(null);
        if (cancelled != null) {
            if (cancelled.wish().rules().stake() > 0) {
                holds.release(Holds.ticketKey(cancelled.ticketId()), playerId);
            }
            LOG.infof("%s cancelled their quick match", playerId);
            return Response.noContent().build();
        }
        Ticket formed = store.find(playerId).orElseThrow(QuickMatchResource::noTicket);
        throw new ApiException(409, ErrorCodes.TICKET_FORMED, "your table " + formed.tableId()
                + " is formed already (seat " + formed.seat() + "): leave it there instead");
    }

    private TicketView view(Ticket t, Instant now) {
        List<String> found = List.of();
        if (t.waiting()) {
            List<Waiting> pool = store.waiting(t.wish().pool()).stream().map(Ticket::asWaiting).toList();
            found = matchmaker.former().found(t.asWaiting(), pool, now).stream()
                    .filter(w -> !w.ticketId().equals(t.ticketId())).map(Waiting::name).toList();
        }
        return TicketView.of(t, found, matchmaker.former().fillsAt(t.asWaiting()), now);
    }

    private String playerId() {
        String id = jwt.getSubject();
        if (id == null || id.isEmpty() || !(jwt.getClaim(NAME_CLAIM) instanceof String)) {
            throw ApiException.unauthorized(AuthErrors.INVALID);
        }
        return id;
    }

    private String name() {
        return jwt.getClaim(NAME_CLAIM);
    }

    private static ApiException exists() {
        return new ApiException(409, ErrorCodes.TICKET_EXISTS,
                "you wait for a quick match already: one ticket at a time (DELETE /api/quick-match cancels it)");
    }

    private static ApiException noTicket() {
        return new ApiException(404, ErrorCodes.NO_TICKET, "you have no quick-match ticket");
    }
}
