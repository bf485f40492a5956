/**
 * Live lab experiments: real servers (nginx, Puma, HAProxy, the tailguard proxy) started on
 * 127.0.0.1 in temporary directories, driven by real clients in real time, reported with the same
 * CSV, chart, manifest and report artifacts as the simulated lab.
 */
package io.tailguard.lab.live;
