/**
 * The plumbing every service shares: one way to map errors, to describe the service, to consume Kafka, to
 * fold a table's events into a projection and to call the chips wallet. Services plug their own state and handlers into it.
 */
package online.durak.service;
