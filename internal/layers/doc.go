// Package layers holds the test that keeps the program's packages in their floors: a package
// imports only packages of its own floor or below (see docs/architecture.md), and the services
// reach the database only through the ports they declare.
package layers
