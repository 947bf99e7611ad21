package online.durak.table.ws;

import io.netty.handler.codec.http.websocketx.CorruptedWebSocketFrameException;
import io.quarkus.websockets.next.WebSocketConnection;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.CompletionException;
import online.durak.messages.Codec;
import online.durak.messages.CommandMessage;
import online.durak.messages.MessageException;
import online.durak.service.api.ErrorCodes;
import online.durak.table.limits.RateLimits;
import online.durak.table.messaging.CommandRejected;
import online.durak.table.play.Hints;
import online.durak.table.play.TableCommands;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * A client's frames (docs/websocket.md): each read strictly ({@link Frames}) and handed to the application (a command
 * to {@link TableCommands}, a hint to {@link Hints}, a resync to {@link ViewPush}); the outcome goes back as a reply,
 * hint or error frame ({@link ErrorFrames}). A frame over {@code durak.websocket.max-frame-size} is refused and the
 * connection closed with 1009. Every frame counts against the connection's rate limit, and a move also against its
 * token's ({@link RateLimits}: {@code frames}, {@code moves}); a refused frame gets an error frame
 * {@code RATE_LIMITED}, and {@code durak.rate-limits.close-after} of them in a row close the connection with 1008.
 */
@ApplicationScoped
public class FrameDispatch {
    private static final Logger LOG = Logger.getLogger(FrameDispatch.class);

    private final TableCommands commands;
    private final Hints hints;
    private final ViewPush views;
    private final RateLimits limits;
    private final int maxFrameChars;

    public FrameDispatch(TableCommands commands, Hints hints, ViewPush views, RateLimits limits,
                         @ConfigProperty(name = "durak.websocket.max-frame-size") int maxFrameChars) {
        this.commands = commands;
        this.hints = hints;
        this.views = views;
        this.limits = limits;
        this.maxFrameChars = maxFrameChars;
    }

    void frame(Session session, String text) {
        if (text.length() > maxFrameChars) {
            // a stated limit, not a failure: said in the frame's own code, and the connection closed as RFC 6455 says
            refuseTooLarge(session.connection);
            return;
        }
        String commandId = null;
        try {
            limits.check(RateLimits.Kind.FRAMES, session.caller);
            ClientFrame frame = Frames.read(text);
            if (frame instanceof ClientFrame.Play p) {
                if (p.commandId() == null) {
                    throw Frames.invalid("commandId: is required");
                }
                commandId = TableCommands.clientCommandId(p.commandId());
                if (p.move() == null || p.move().isNull()) {
                    throw new MessageException(MessageException.INVALID_MOVE, "move", "is required");
                }
                limits.check(RateLimits.Kind.MOVES, session.caller);
                command(session, commandId, new CommandMessage.Play(Codec.readMove(p.move())));
            } else if (frame instanceof ClientFrame.Command command) {
                commandId = TableCommands.clientCommandId(command.commandId());
                if (command instanceof ClientFrame.Hint) {
                    hint(session, commandId);
                } else {
                    command(session, commandId, command instanceof ClientFrame.Start
                            ? new CommandMessage.Start() : new CommandMessage.Continue());
                }
            } else if (frame instanceof ClientFrame.Resync r) {
                if (r.lastSeq() == null || r.lastSeq() < 0) {
                    throw Frames.invalid("lastSeq: must be a whole number ≥ 0");
                }
                views.resync(session, r.lastSeq());
            } else {
                session.send(new ServerFrame.Pong());
            }
            session.refusedInARow = 0;
        } catch (RuntimeException e) {
            ServerFrame.Error error = ErrorFrames.of(e, commandId);
            if (error == null) {
                LOG.warnf(e, "websocket %s: a frame failed", session.connection.id());
                error = new ServerFrame.Error(ErrorCodes.INTERNAL_ERROR, "the frame could not be handled", commandId);
            }
            if (ErrorCodes.RATE_LIMITED.equals(error.code()) && ++session.refusedInARow >= limits.closeAfter()) {
                LOG.infof("websocket %s: %d frames in a row past the rate limits; closed (1008)",
                        session.connection.id(), session.refusedInARow);
                Session.refuse(session.connection, 1008, ErrorCodes.RATE_LIMITED, error.message()
                        + "; the connection is closed after " + session.refusedInARow + " such frames in a row");
                return;
            }
            session.send(error);
        }
    }

    /** A failure of the connection itself (Vert.x's or Netty's, not a frame's content). */
    void error(WebSocketConnection c, Throwable e) {
        if (!c.isOpen()) {
            return;
        }
        if (tooLarge(e)) { // beyond even Vert.x's larger limit (quarkus.websockets-next.server.max-message-size)
            refuseTooLarge(c);
        } else {
            Session.send(c, new ServerFrame.Error(ErrorCodes.INTERNAL_ERROR, "the frame could not be handled", null));
        }
    }

    /**
     * Netty's refusal of a frame over Vert.x's maximum frame size, or Vert.x's of a message over its maximum message
     * size (an IllegalStateException: it has no type of its own).
     */
    static boolean tooLarge(Throwable e) {
        return e instanceof CorruptedWebSocketFrameException
                || e instanceof IllegalStateException && e.getMessage() != null && e.getMessage().contains("max message size");
    }

    private void refuseTooLarge(WebSocketConnection c) {
        Session.refuse(c, 1009, ErrorCodes.FRAME_TOO_LARGE, "a frame may have at most " + maxFrameChars + " characters");
    }

    /** A command: accepted up to a seq, or refused with the rules' code (a reply), or failed (an error frame). */
    private void command(Session session, String commandId, CommandMessage.Payload payload) {
        commands.sendSeated(session.player, session.tableId, commandId, payload).whenComplete((a, e) -> {
            if (e == null) {
                session.send(ServerFrame.Reply.accepted(commandId, a.reply().lastSeq()));
            } else if (cause(e) instanceof CommandRejected r) {
                session.send(ServerFrame.Reply.refused(commandId, r.code(), r.getMessage()));
            } else {
                session.send(failure(session, commandId, cause(e)));
            }
        });
    }

    /** A hint: the hint frame, or an error frame (also for a refusal of the rules service). */
    private void hint(Session session, String commandId) {
        hints.give(session.player, session.tableId, commandId).whenComplete((answer, e) -> session.send(
                e == null ? new ServerFrame.Hint(answer) : failure(session, commandId, cause(e))));
    }

    private static Throwable cause(Throwable e) {
        return e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
    }

    /** The error frame for a command or hint that failed. */
    private static ServerFrame failure(Session session, String commandId, Throwable cause) {
        ServerFrame.Error error = ErrorFrames.of(cause, commandId);
        if (error == null) {
            LOG.warnf(cause, "websocket %s: command %s failed", session.connection.id(), commandId);
            error = new ServerFrame.Error(ErrorCodes.INTERNAL_ERROR, "the command could not be handled", commandId);
        }
        return error;
    }
}
