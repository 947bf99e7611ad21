package online.durak.rules.messaging;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The partitions of {@code durak.commands} this instance owns now (all consumer threads together). */
@ApplicationScoped
public class Assignment {

    private final Set<Integer> partitions = ConcurrentHashMap.newKeySet();

    void add(int partition) {
        partitions.add(partition);
    }

    void remove(int partition) {
        partitions.remove(partition);
    }

    public boolean owns(int partition) {
        return partitions.contains(partition);
    }

    public boolean isEmpty() {
        return partitions.isEmpty();
    }

    public Set<Integer> partitions() {
        return Set.copyOf(partitions);
    }
}
