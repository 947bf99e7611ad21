package online.durak.deploy;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.fabric8.kubernetes.api.model.ConfigMap;
import io.fabric8.kubernetes.api.model.Container;
import io.fabric8.kubernetes.api.model.ContainerPort;
import io.fabric8.kubernetes.api.model.EnvFromSource;
import io.fabric8.kubernetes.api.model.EnvVar;
import io.fabric8.kubernetes.api.model.GenericKubernetesResource;
import io.fabric8.kubernetes.api.model.HasMetadata;
import io.fabric8.kubernetes.api.model.Probe;
import io.fabric8.kubernetes.api.model.Service;
import io.fabric8.kubernetes.api.model.Volume;
import io.fabric8.kubernetes.api.model.VolumeMount;
import io.fabric8.kubernetes.api.model.apps.Deployment;
import io.fabric8.kubernetes.api.model.autoscaling.v2.HorizontalPodAutoscaler;
import io.fabric8.kubernetes.api.model.networking.v1.Ingress;
import io.fabric8.kubernetes.api.model.policy.v1.PodDisruptionBudget;
import io.fabric8.kubernetes.client.utils.KubernetesSerialization;
import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The cluster's manifests (deploy/k8s, deploy/README.md "On a cluster"), read with the fabric8 Kubernetes model: each
 * is valid (no field the model does not know), each service's Deployment gives it every environment variable its
 * configuration reads and every key file it names, has probes on its management port and limits, and every reference
 * between them (Services, budgets, autoscalers, the Ingress, Kafka and PostgreSQL by their operators' names) leads to
 * something that exists.
 */
class K8sManifestsTest {
    private static final Path K8S = Path.of("k8s");
    private static final Path ROOT = Path.of("..");
    private static final List<String> SERVICES =
            List.of("table-service", "rules-service", "bot-service", "leaderboard-service", "matchmaking-service");
    /** {@code ${DURAK_X}} or {@code ${DURAK_X:default}} in a properties file. */
    private static final Pattern ENV_REFERENCE = Pattern.compile("\\$\\{(DURAK_[A-Z0-9_]+)(?::[^}]*)?}");
    /** Variables that name a file the service reads. */
    private static final Set<String> FILE_VARIABLES =
            Set.of("DURAK_JWT_PRIVATE_KEY", "DURAK_JWT_PUBLIC_KEY", "DURAK_DAILY_SECRET_FILE");
    private static final String KEYS_SECRET = "durak-keys";

    private static final List<HasMetadata> RESOURCES = new ArrayList<>();
    private static final Map<String, Path> SOURCE = new HashMap<>();

    @BeforeAll
    static void readAll() throws IOException {
        KubernetesSerialization serialization = new KubernetesSerialization();
        try (Stream<Path> files = Files.list(K8S)) {
            for (Path f : files.filter(p -> p.toString().endsWith(".yaml")).sorted().toList()) {
                if (f.getFileName().toString().equals("kustomization.yaml")) {
                    continue;
                }
                try (InputStream in = Files.newInputStream(f)) {
                    Object read = serialization.unmarshal(in);
                    List<?> docs = read instanceof List<?> l ? l : List.of(read);
                    for (Object doc : docs) {
                        HasMetadata r = (HasMetadata) doc;
                        RESOURCES.add(r);
                        SOURCE.put(key(r), f);
                    }
                }
            }
        }
        assertFalse(RESOURCES.isEmpty(), "manifests in " + K8S.toAbsolutePath());
    }

    @Test
    void everyManifestIsListedByTheKustomizationAndEveryResourceIsNamedInTheNamespace() throws IOException {
        String kustomization = Files.readString(K8S.resolve("kustomization.yaml"));
        Set<String> listed = new TreeSet<>();
        Matcher m = Pattern.compile("(?m)^  - ([\\w.-]+\\.yaml)$").matcher(kustomization);
        while (m.find()) {
            listed.add(m.group(1));
        }
        Set<String> files = new TreeSet<>();
        SOURCE.values().forEach(p -> files.add(p.getFileName().toString()));
        assertEquals(files, listed, "kustomization.yaml's resources are the manifests");
        for (HasMetadata r : RESOURCES) {
            assertNotNull(r.getMetadata().getName(), r.getKind() + " in " + SOURCE.get(key(r)) + " has a name");
            if (!r.getKind().equals("Namespace")) {
                assertEquals("durak", r.getMetadata().getNamespace(), key(r) + " is in the namespace durak");
            }
        }
    }

    @Test
    void everyKubernetesResourceIsValidForTheModel() {
        for (HasMetadata r : RESOURCES) {
            if (r instanceof GenericKubernetesResource) {
                continue; // an operator's resource (Strimzi, CloudNativePG): checked field by field below
            }
            List<String> unknown = new ArrayList<>();
            unknownFields(r, r.getKind(), unknown);
            assertEquals(List.of(), unknown, key(r) + " in " + SOURCE.get(key(r)) + ": fields the model does not know");
        }
    }

    @Test
    void everyServiceGetsEveryVariableItReadsAndEveryFileItNames() throws IOException {
        Set<String> shared = variablesRead(ROOT.resolve("durak-service/src/main/resources/META-INF/microprofile-config.properties"));
        for (String service : SERVICES) {
            Set<String> read = new TreeSet<>(shared);
            read.addAll(variablesRead(applicationProperties(service)));
            Container c = container(service);
            Map<String, String> env = environment(c);
            Set<String> missing = new TreeSet<>(read);
            missing.removeAll(env.keySet());
            assertEquals(Set.of(), missing, service + " reads these, its Deployment does not set them");

            Deployment d = get(Deployment.class, service);
            for (String variable : FILE_VARIABLES) {
                if (!read.contains(variable) || variable.equals("DURAK_JWT_PRIVATE_KEY") && !signs(service)) {
                    continue;
                }
                Path file = Path.of(env.get(variable));
                VolumeMount mount = c.getVolumeMounts().stream().filter(vm -> file.startsWith(vm.getMountPath()))
                        .findFirst().orElseThrow(() -> new AssertionError(service + ": nothing mounted at " + file));
                Volume volume = d.getSpec().getTemplate().getSpec().getVolumes().stream()
                        .filter(v -> v.getName().equals(mount.getName())).findFirst().orElseThrow();
                assertEquals(KEYS_SECRET, volume.getSecret().getSecretName(), service + ": " + file);
                String name = Path.of(mount.getMountPath()).relativize(file).toString();
                assertTrue(volume.getSecret().getItems().stream().anyMatch(i -> i.getPath().equals(name)
                        && secretKeys().contains(i.getKey())), service + " mounts " + name + " from " + KEYS_SECRET);
            }
        }
    }

    @Test
    void everyDeploymentHasProbesOnItsManagementPortAndLimits() throws IOException {
        for (Deployment d : all(Deployment.class)) {
            for (Container c : d.getSpec().getTemplate().getSpec().getContainers()) {
                String what = d.getMetadata().getName() + "/" + c.getName();
                for (Probe p : new Probe[] {c.getLivenessProbe(), c.getReadinessProbe()}) {
                    assertNotNull(p, what + " has liveness and readiness probes");
                    Object port = p.getHttpGet() != null ? p.getHttpGet().getPort().getStrVal()
                            : p.getTcpSocket().getPort().getStrVal();
                    assertTrue(c.getPorts().stream().anyMatch(cp -> cp.getName().equals(port)),
                            what + "'s probe is on one of its ports: " + port);
                }
                assertNotNull(c.getResources().getLimits().get("cpu"), what + " has a CPU limit");
                assertNotNull(c.getResources().getLimits().get("memory"), what + " has a memory limit");
                assertNotNull(c.getResources().getRequests().get("cpu"), what + " requests CPU");
                assertNotNull(c.getResources().getRequests().get("memory"), what + " requests memory");
            }
        }
        for (String service : SERVICES) {
            Container c = container(service);
            Properties p = new Properties();
            try (InputStream in = Files.newInputStream(applicationProperties(service))) {
                p.load(in);
            }
            assertEquals(Integer.parseInt(p.getProperty("quarkus.http.port")), port(c, "http"), service);
            assertEquals(Integer.parseInt(p.getProperty("quarkus.management.port")), port(c, "management"), service);
            assertEquals("/q/health/live", c.getLivenessProbe().getHttpGet().getPath(), service);
            assertEquals("/q/health/ready", c.getReadinessProbe().getHttpGet().getPath(), service);
            assertEquals("management", c.getReadinessProbe().getHttpGet().getPort().getStrVal(), service);
        }
    }

    @Test
    void servicesBudgetsAutoscalersAndTheIngressLeadToWhatExists() {
        for (Service s : all(Service.class)) {
            assertTrue(all(Deployment.class).stream().anyMatch(d -> selects(s.getSpec().getSelector(), d)),
                    "Service " + s.getMetadata().getName() + " selects a Deployment's pods");
        }
        for (String service : SERVICES) {
            Service s = get(Service.class, service);
            assertEquals(port(container(service), "http"), s.getSpec().getPorts().get(0).getPort(), service);
            assertTrue(all(PodDisruptionBudget.class).stream().anyMatch(b -> selects(
                    b.getSpec().getSelector().getMatchLabels(), get(Deployment.class, service))),
                    service + " has a PodDisruptionBudget");
        }
        for (PodDisruptionBudget b : all(PodDisruptionBudget.class)) {
            assertTrue(all(Deployment.class).stream().anyMatch(d -> selects(b.getSpec().getSelector().getMatchLabels(), d)),
                    "budget " + b.getMetadata().getName() + " covers a Deployment");
        }
        for (HorizontalPodAutoscaler h : all(HorizontalPodAutoscaler.class)) {
            Deployment d = get(Deployment.class, h.getSpec().getScaleTargetRef().getName());
            assertTrue(d.getSpec().getReplicas() == null, d.getMetadata().getName()
                    + ": an autoscaled Deployment leaves its replicas to the autoscaler");
            assertTrue(h.getSpec().getMinReplicas() >= 2, "at least two of an autoscaled service");
        }
        for (String scaled : List.of("table-service", "rules-service", "bot-service")) {
            get(HorizontalPodAutoscaler.class, scaled);
        }
        for (Ingress i : all(Ingress.class)) {
            i.getSpec().getRules().forEach(r -> r.getHttp().getPaths().forEach(p ->
                    get(Service.class, p.getBackend().getService().getName())));
        }
        // the services reach one another by their Services' names and ports
        Map<String, String> config = get(ConfigMap.class, "durak-config").getData();
        for (String variable : List.of("DURAK_BOT_URL", "DURAK_LEADERBOARD_URL", "DURAK_MATCHMAKING_URL")) {
            URI url = URI.create(config.get(variable));
            assertEquals(url.getPort(), get(Service.class, url.getHost()).getSpec().getPorts().get(0).getPort(), variable);
        }
    }

    @Test
    void kafkaAndPostgresAreReplicatedAndTheServicesUseThem() {
        GenericKubernetesResource pool = generic("KafkaNodePool", "dual-role");
        assertEquals(3, ((Number) pool.get("spec", "replicas")).intValue(), "three Kafka nodes");
        assertEquals(List.of("controller", "broker"), pool.get("spec", "roles"), "KRaft: each controller and broker");
        GenericKubernetesResource kafka = generic("Kafka", "durak-kafka");
        assertEquals(kafka.getMetadata().getName(), pool.getMetadata().getLabels().get("strimzi.io/cluster"));
        assertEquals("enabled", kafka.getMetadata().getAnnotations().get("strimzi.io/kraft"));
        Map<String, Object> config = kafka.get("spec", "kafka", "config");
        assertEquals(3, ((Number) config.get("default.replication.factor")).intValue());
        assertEquals(2, ((Number) config.get("min.insync.replicas")).intValue());
        assertEquals(false, config.get("unclean.leader.election.enable"));
        for (String topic : Infra.TOPICS) {
            GenericKubernetesResource t = generic("KafkaTopic", topic);
            assertEquals(kafka.getMetadata().getName(), t.getMetadata().getLabels().get("strimzi.io/cluster"), topic);
            assertEquals(3, ((Number) t.get("spec", "replicas")).intValue(), topic);
            assertTrue(((Number) t.get("spec", "partitions")).intValue() >= Infra.DEFAULT_PARTITIONS, topic);
            assertEquals(2, ((Number) t.get("spec", "config", "min.insync.replicas")).intValue(), topic);
        }
        GenericKubernetesResource pg = generic("Cluster", "durak-pg");
        assertEquals(3, ((Number) pg.get("spec", "instances")).intValue(), "a primary and two standbys");
        assertEquals("on", pg.get("spec", "postgresql", "parameters", "synchronous_commit"));

        Map<String, String> env = get(ConfigMap.class, "durak-config").getData();
        assertEquals(kafka.getMetadata().getName() + "-kafka-bootstrap:9092", env.get("DURAK_KAFKA"));
        String database = pg.get("spec", "bootstrap", "initdb", "database");
        String rw = pg.getMetadata().getName() + "-rw:5432/" + database;
        assertEquals("postgresql://" + rw, env.get("DURAK_PG_REACTIVE_URL"));
        assertEquals("jdbc:postgresql://" + rw, env.get("DURAK_PG_JDBC_URL"));
        for (String service : SERVICES) {
            for (EnvVar v : container(service).getEnv()) {
                if (v.getValueFrom() != null && v.getValueFrom().getSecretKeyRef() != null) {
                    String secret = v.getValueFrom().getSecretKeyRef().getName();
                    assertEquals(pg.getMetadata().getName() + "-app", secret,
                            service + ": " + v.getName() + " from the Secret CloudNativePG makes");
                }
            }
        }
    }

    private static boolean signs(String service) {
        return service.equals("table-service") || service.equals("matchmaking-service");
    }

    private static Path applicationProperties(String service) {
        return ROOT.resolve(service).resolve("src/main/resources/application.properties");
    }

    private static Set<String> variablesRead(Path properties) throws IOException {
        Set<String> names = new TreeSet<>();
        for (String line : Files.readAllLines(properties)) {
            if (line.startsWith("%") || line.startsWith("#")) {
                continue; // a test profile's value, a comment
            }
            Matcher m = ENV_REFERENCE.matcher(line);
            while (m.find()) {
                names.add(m.group(1));
            }
        }
        return names;
    }

    /** The container's environment: its own variables and every key of the ConfigMaps it takes whole. */
    private static Map<String, String> environment(Container c) {
        Map<String, String> env = new HashMap<>();
        for (EnvFromSource from : c.getEnvFrom()) {
            assertNotNull(from.getConfigMapRef(), "envFrom only from ConfigMaps");
            env.putAll(get(ConfigMap.class, from.getConfigMapRef().getName()).getData());
        }
        for (EnvVar v : c.getEnv()) {
            env.put(v.getName(), v.getValue());
        }
        return env;
    }

    /** The keys of the Secret durak-keys, as kustomization.yaml's secretGenerator makes it. */
    private static Set<String> secretKeys() {
        try {
            String k = Files.readString(K8S.resolve("kustomization.yaml"));
            Set<String> keys = new HashSet<>();
            Matcher m = Pattern.compile("(?m)^      - secrets/([\\w.-]+)$").matcher(k);
            while (m.find()) {
                keys.add(m.group(1));
            }
            assertTrue(k.contains("- name: " + KEYS_SECRET), "kustomization.yaml makes " + KEYS_SECRET);
            return keys;
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    private static Container container(String service) {
        List<Container> cs = get(Deployment.class, service).getSpec().getTemplate().getSpec().getContainers();
        assertEquals(1, cs.size(), service);
        return cs.get(0);
    }

    private static int port(Container c, String name) {
        return c.getPorts().stream().filter(p -> name.equals(p.getName())).map(ContainerPort::getContainerPort)
                .findFirst().orElseThrow(() -> new AssertionError(c.getName() + " has no port " + name));
    }

    private static boolean selects(Map<String, String> selector, Deployment d) {
        Map<String, String> labels = d.getSpec().getTemplate().getMetadata().getLabels();
        return selector != null && !selector.isEmpty() && labels.entrySet().containsAll(selector.entrySet());
    }

    private static <T extends HasMetadata> List<T> all(Class<T> type) {
        return RESOURCES.stream().filter(type::isInstance).map(type::cast).toList();
    }

    private static <T extends HasMetadata> T get(Class<T> type, String name) {
        return all(type).stream().filter(r -> r.getMetadata().getName().equals(name)).findFirst()
                .orElseThrow(() -> new AssertionError("no " + type.getSimpleName() + " " + name));
    }

    private static GenericKubernetesResource generic(String kind, String name) {
        return RESOURCES.stream().filter(r -> r instanceof GenericKubernetesResource && r.getKind().equals(kind)
                && r.getMetadata().getName().equals(name)).map(GenericKubernetesResource.class::cast).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind + " " + name));
    }

    private static String key(HasMetadata r) {
        return r.getKind() + "/" + r.getMetadata().getName();
    }

    /** Collects the paths of fields the model kept aside as "additional properties": names it does not know. */
    private static void unknownFields(Object o, String path, List<String> unknown) {
        if (o == null) {
            return;
        }
        if (o instanceof Collection<?> c) {
            int i = 0;
            for (Object e : c) {
                unknownFields(e, path + "[" + i++ + "]", unknown);
            }
            return;
        }
        if (o instanceof Map<?, ?> m) {
            m.forEach((k, v) -> unknownFields(v, path + "." + k, unknown));
            return;
        }
        if (!o.getClass().getName().startsWith("io.fabric8.kubernetes.api.model")) {
            return;
        }
        for (Method getter : o.getClass().getMethods()) {
            if (getter.getParameterCount() != 0 || Modifier.isStatic(getter.getModifiers())
                    || !getter.getName().startsWith("get") || getter.getDeclaringClass() == Object.class) {
                continue;
            }
            try {
                Object value = getter.invoke(o);
                if (getter.getName().equals("getAdditionalProperties")) {
                    if (value instanceof Map<?, ?> extra && !extra.isEmpty()) {
                        unknown.add(path + " " + extra.keySet());
                    }
                } else {
                    unknownFields(value, path + "." + getter.getName().substring(3), unknown);
                }
            } catch (ReflectiveOperationException e) {
                fail(path + "." + getter.getName() + ": " + e);
            }
        }
    }
}
