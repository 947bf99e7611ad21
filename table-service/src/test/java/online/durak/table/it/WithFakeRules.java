package online.durak.table.it;

import jakarta.inject.Inject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeEach;

/**
 * The start of a {@code @QuarkusTest} class whose rules service is {@link FakeRules}: one on the test Kafka per class,
 * started before its first test (once the service is ready), closed after its last.
 */
abstract class WithFakeRules {
    static FakeRules rules;

    @Inject
    TestStore store;

    @BeforeEach
    void startFakeRules() {
        It.awaitReady();
        if (rules == null) {
            rules = new FakeRules(store);
        }
    }

    @AfterAll
    static void closeFakeRules() {
        if (rules != null) {
            rules.close();
            rules = null;
        }
    }
}
