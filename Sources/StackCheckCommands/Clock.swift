import Foundation

/// The wall-clock time a run started, as its reports record it (ISO 8601, UTC): never part of a comparison between
/// runs.
func isoNow() -> String { ISO8601DateFormatter().string(from: Date()) }
