/**
 * The published lab's cascading-failures experiment: four services, synchronous calls that hold a
 * worker at every hop, and a database that slows down; how a shared frontend pool carries the
 * slowness to a route that never touches the database.
 */
package io.tailguard.lab.cascade;
