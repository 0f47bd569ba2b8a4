/// An app's own request or reply read back as its type (`BackendRequest.typed(as:)`,
/// `BackendResponse.typed(as:)`), whose type is almost always exactly the one asked for (the
/// app that made it reads it): the two types are compared first, one pointer each, and a match
/// taken as it is. The runtime's general cast (`as?` from an existential) cost some 350
/// instructions, at every request the backend took and every answer the app read.
///
/// Called with an existential, which opens it: `value` is of its dynamic type here.
@inlinable
func exactCast<Value: TypedAppRequest, Wanted>(_ value: Value, to wanted: Wanted.Type) -> Wanted? {
    if Value.self == Wanted.self { return unsafeBitCast(value, to: Wanted.self) }
    return value as? Wanted
}

/// `exactCast(_:to:)` for a reply.
@inlinable
func exactCast<Value: TypedAppReply, Wanted>(_ value: Value, to wanted: Wanted.Type) -> Wanted? {
    if Value.self == Wanted.self { return unsafeBitCast(value, to: Wanted.self) }
    return value as? Wanted
}
