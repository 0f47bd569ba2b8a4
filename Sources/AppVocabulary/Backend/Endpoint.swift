import SimKernel

/// A backend endpoint an app calls; scenario faults name it.
///
/// Open: every app names its own endpoints (`Endpoint("upload-photo")`) and lists them in its
/// plug-in (`AppPlugin.endpoints`); the core knows none by name. Two endpoints are the same when
/// their names are.
public struct Endpoint: VocabularyName {
    /// The endpoint's name in scenarios, the trace and reports (`send-otp`).
    public let rawValue: String
    /// `NameFingerprint.of(rawValue)`, kept so that most comparisons compare one integer.
    public let fingerprint: UInt64

    public init(_ name: String) { rawValue = name; fingerprint = NameFingerprint.of(name) }
    /// Any name makes an endpoint; which ones an app calls is the app's to say.
    public init(rawValue: String) { self.init(rawValue) }
    /// For an app's own names declared as statics: their fingerprints spelled out, so that
    /// naming one costs nothing (the app's tests hold each equal to `NameFingerprint.of`).
    @usableFromInline package init(_ name: String, fingerprint: UInt64) { rawValue = name; self.fingerprint = fingerprint }
}

/// A request of a plug-in app, as its mock backend and the network see it: the endpoint faults
/// name, the HTTP method and path, the signed-in user it is made for (nil for sign-in and
/// anonymous requests), the headers and the body.
public struct AppRequest: Sendable, Equatable {
    public var endpoint: Endpoint
    public var method: String
    public var path: String
    public var user: String?
    public var headers: [String: String]
    public var body: [UInt8]
    /// What the request carries of the user's input, read from its body where the endpoint's
    /// role says (`RequestRole.carries`; `SimulatedHTTPClient` reads it): recorded in the trace.
    public var carried: [CarriedValue]

    public init(endpoint: Endpoint, method: String = "GET", path: String = "/", user: String? = nil,
                headers: [String: String] = [:], body: [UInt8] = [], carried: [CarriedValue] = []) {
        self.endpoint = endpoint
        self.method = method
        self.path = path
        self.user = user
        self.headers = headers
        self.body = body
        self.carried = carried
    }
}

/// A plug-in app's answer from its mock backend: an HTTP status (2xx for success) and a body.
/// An error status the app should see as one is a `RequestError.status` instead.
public struct AppReply: Sendable, Equatable {
    public var status: Int
    public var headers: [String: String]
    public var body: [UInt8]

    public init(status: Int = 200, headers: [String: String] = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }
}
