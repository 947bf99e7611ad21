/**
 * The plumbing every service shares: one way to map errors, to describe the service, to consume Kafka and to
 * fold a table's events into a projection. Services plug their own state and handlers into it.
 */
package online.durak.service;
