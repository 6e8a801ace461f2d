// fake-engine MODE: an engine that misbehaves on purpose, one way per mode, so that the tests can show the suite
// surviving every row of ENGINE-PROTOCOL.md's fault table ("Faults the suite survives"). Except where a mode says
// otherwise, it greets like a good engine (all features) and answers with the reference engine's layouts.
//
//   good           serves the reference engine correctly
//   crash          exits with status 3 on the first request
//   crash-once     exits with status 3 on the first request of its process life, only if the file named by
//                  $FAKE_ENGINE_MARKER does not exist yet (it creates it): the restarted engine then serves well
//   hang           never answers a request
//   hang-hello     reads the hello, never answers it
//   never-greet    never even reads the hello
//   hello-error    answers the hello with {"error":…} and exits 1, like an engine of another protocol version
//   garbage        answers each request with a line that is not JSON
//   wrong-id       answers with another request id
//   missing-frame  drops the last frame of each result
//   extra-frame    adds a frame for an id the scenario does not have
//   not-layout     answers a result that is valid JSON but no layout document
//   error          answers {"error":…}
//   unsupported    answers {"unsupported":…}
//   slow           sleeps 0.3 s, then answers correctly
//   slow-3         sleeps 3 s, then answers correctly (a request waiting on a slow engine when a run is interrupted)
//   hang-later     answers the first $FAKE_ENGINE_ANSWERS requests (default 10) of each process life, then hangs
//   shifted        answers well-formed layouts with every frame 1 pt to the right: properties FAIL (a layout bug)
//   flood-stderr   writes 8 MiB to standard error before each answer, then answers correctly
//   ignore-bye     never exits after bye or at the end of input, and ignores SIGTERM (only SIGKILL ends it)
//   close-stdout   closes its standard output after the hello, and lives on until the end of its input
//   features       declares only fill, leading and bogusFeature
//   no-features    greets without a "features" key (meaning all features)
//   rehello-error     like crash-once, but once the marker exists it refuses the hello (a failed restart)
//   rehello-features  like crash-once, but once the marker exists it declares only fill (other features)
//   chatty         like shifted, and logs to standard error as real engines do: a line at start-up, and one line
//                  per request ("fake-engine: answering request N"), so that a test can tell whose lines a report shows
//   chatty-error   logs like chatty and serves well, but answers {"error":…} to requests with a hidden view (a
//                  property stops at such a request) and logs "fake-engine: failing request N" just before
//   no-baselines   serves the reference engine's layouts without the root baselines (omitted: "not computed")
//   null-baselines the same with both baselines written null
//
// With $FAKE_ENGINE_RECORD set, every process appends a line to that file as it starts: its pid and what its
// standard input, output and error are (`pipe:[inode]` on Linux), so that a test can check that none of them
// outlives a run and that the suite keeps no descriptor of theirs open.

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import StackLayout

let modes = ["good", "crash", "crash-once", "hang", "hang-hello", "never-greet", "hello-error", "garbage", "wrong-id",
             "missing-frame", "extra-frame", "not-layout", "error", "unsupported", "slow", "flood-stderr", "ignore-bye",
             "close-stdout", "features", "no-features", "rehello-error", "rehello-features",
             "slow-3", "shifted", "hang-later", "chatty", "chatty-error", "no-baselines", "null-baselines"]

func emit(_ text: String, to fd: Int32) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        if n < 0 { if errno == EINTR { continue } else { exit(1) } }
        bytes = bytes.dropFirst(n)
    }
}

func send(_ value: JSONValue) { emit(value.compactText + "\n", to: 1) }

func sleepForever() -> Never {
    while true { sleep(1000) }
}

/// The marker of the `crash-once` family: set once the first process life has crashed.
func markerExists() -> Bool {
    guard let path = getenv("FAKE_ENGINE_MARKER") else { return false }
    return access(path, F_OK) == 0
}

func createMarker() {
    guard let path = getenv("FAKE_ENGINE_MARKER") else {
        emit("fake-engine: FAKE_ENGINE_MARKER is not set\n", to: 2)
        exit(2)
    }
    close(open(path, O_CREAT | O_WRONLY, 0o644))
}

let mode = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ""
guard modes.contains(mode) else {
    emit("fake-engine: unknown mode '\(mode)'; modes: \(modes.joined(separator: ", "))\n", to: 2)
    exit(2)
}
if let path = getenv("FAKE_ENGINE_RECORD") {
    var line = "\(getpid())"
    for fd in 0..<3 {
        var buffer = [CChar](repeating: 0, count: 256)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        line += " " + (n > 0 ? String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self) : "?")
    }
    let fd = open(path, O_CREAT | O_WRONLY | O_APPEND, 0o644)
    emit(line + "\n", to: fd)
    close(fd)
}
/// `hang-later`: how many requests each process life answers before it hangs.
let answersBeforeHanging = getenv("FAKE_ENGINE_ANSWERS").flatMap { Int(String(cString: $0)) } ?? 10
let crashesOnce = ["crash-once", "rehello-error", "rehello-features"].contains(mode)

// 1. Hello.
if mode == "never-greet" { sleepForever() }
guard readLine() != nil else { exit(0) }
if mode == "hang-hello" { sleepForever() }
if mode == "hello-error" || (mode == "rehello-error" && markerExists()) {
    send(.object([("error", .object([("message", .string("fake-engine speaks stackcheck.engine/0 only"))]))]))
    exit(1)
}
var engine: [(key: String, value: JSONValue)] = [("name", .string("fake-engine")), ("version", .string(mode))]
switch mode {
case "features": engine.append(("features", .array(["fill", "leading", "bogusFeature"].map { .string($0) })))
case "no-features": break
case "rehello-features" where markerExists(): engine.append(("features", .array([.string("fill")])))
default: engine.append(("features", .array(Feature.all.map { .string($0.rawValue) })))
}
if mode.hasPrefix("chatty") { emit("fake-engine: started, serving \(mode)\n", to: 2) }
send(.object([("engine", .object(engine))]))
if mode == "close-stdout" {
    close(1)
    while readLine() != nil {}
    exit(0)
}
if mode == "ignore-bye" { signal(SIGTERM, SIG_IGN) }

// 2. Requests.
var requestsInThisLife = 0
while let line = readLine() {
    guard let request = try? JSONParser.parse(line) else { continue }
    if request["bye"] != nil {
        if mode == "ignore-bye" { sleepForever() }
        exit(0)
    }
    requestsInThisLife += 1
    let id = request["id"] ?? .null
    func reply(_ kind: String, _ body: JSONValue, id: JSONValue = id) { send(.object([("id", id), (kind, body)])) }
    func message(_ text: String) -> JSONValue { .object([("message", .string(text))]) }

    // Modes that do not answer with a layout.
    switch mode {
    case "crash": exit(3)
    case _ where crashesOnce && requestsInThisLife == 1 && !markerExists():
        createMarker()
        exit(3)
    case "hang": sleepForever()
    case "hang-later" where requestsInThisLife > answersBeforeHanging:
        sleepForever()
    case "garbage": emit("this is not JSON\n", to: 1); continue
    case "error": reply("error", message("fake-engine always fails")); continue
    case "unsupported": reply("unsupported", message("fake-engine supports nothing")); continue
    case "not-layout": reply("result", message("no layout here")); continue
    case "slow": usleep(300_000)
    case "slow-3": sleep(3)
    case "chatty", "chatty-error":
        let hidden = request["layout"]?.compactText.contains(#""isHidden":true"#) ?? false
        if mode == "chatty-error" && hidden {
            emit("fake-engine: failing request \(id.compactText)\n", to: 2)
            reply("error", message("fake-engine cannot lay out hidden views"))
            continue
        }
        emit("fake-engine: answering request \(id.compactText)\n", to: 2)
    case "flood-stderr":
        let megabyte = String(repeating: String(repeating: "x", count: 1023) + "\n", count: 1024)
        for _ in 0..<8 { emit(megabyte, to: 2) }
        emit("fake-engine: flooded 8 MiB before answering request \(id.compactText)\n", to: 2)
    default: break
    }

    // A correct answer from the reference engine, spoiled by the modes that spoil it.
    guard let document = request["layout"] else { reply("error", message("no layout in the request")); continue }
    let layout: Layout
    do {
        layout = try AcceleratedReferenceEngine().layout(try Scenario(jsonValue: document, path: "layout"))
    } catch {
        reply("error", message("\(error)"))
        continue
    }
    var spoiled = layout
    switch mode {
    case "wrong-id":
        guard case .number(let n) = id else { reply("result", layout.jsonValue, id: .null); continue }
        reply("result", layout.jsonValue, id: .number(n + 1000))
        continue
    case "missing-frame":
        if !spoiled.frames.isEmpty { spoiled.frames.removeLast() }
    case "shifted", "chatty":
        for i in spoiled.frames.indices { spoiled.frames[i].frame.x += 1 }
    case "no-baselines":
        spoiled.firstBaseline = .notComputed
        spoiled.lastBaseline = .notComputed
    case "extra-frame":
        spoiled.frames.append((id: "fake-engine-extra", frame: Frame(x: 0, y: 0, width: 1, height: 1)))
    default: break
    }
    var answer = spoiled.jsonValue
    if mode == "null-baselines", case .object(var members) = answer {
        members.removeAll { $0.key == "firstBaseline" || $0.key == "lastBaseline" }
        members.insert(contentsOf: [("firstBaseline", .null), ("lastBaseline", .null)], at: members.count - 1)
        answer = .object(members)
    }
    reply("result", answer)
}

// 3. End of input.
if mode == "ignore-bye" { sleepForever() }
exit(0)
