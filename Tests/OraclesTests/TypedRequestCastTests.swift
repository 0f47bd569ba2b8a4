import Testing
import AppVocabulary
import OnboardingModel
import PickupModel

/// An app's own request and reply are read back as their own type, and as no other.
@Suite struct TypedRequestCastTests {
    @Test func aRequestIsReadBackAsItsOwnTypeOnly() {
        let request = BackendRequest.typed(FixPlanRequest.journey(userID: "u1"))
        #expect(request.typed(as: FixPlanRequest.self) == .journey(userID: "u1"))
        #expect(request.typed(as: PickupRequest.self) == nil)
        #expect(BackendRequest.app(AppRequest(endpoint: .journey, user: "u1")).typed(as: FixPlanRequest.self) == nil)
    }

    @Test func aReplyIsReadBackAsItsOwnTypeOnly() {
        let reply = BackendResponse.typed(FixPlanReply.accepted)
        #expect(reply.typed(as: FixPlanReply.self) == .accepted)
        #expect(reply.typed(as: PickupBookings.self) == nil)
        #expect(BackendResponse.accepted.typed(as: FixPlanReply.self) == nil)
    }
}

/// Roles compare by case and input, as the derived `==` did.
@Suite struct ActionRoleEqualityTests {
    @Test func everyRoleEqualsItselfAndNoOther() {
        let roles: [ActionRole] = [.forward, .input(.email), .input(.code), .choice, .submit(.email), .submit(.code),
                                   .start(returning: true), .start(returning: false), .back, .startOver, .retry, .resend,
                                   .signOut, .confirmSignOut, .cancel, .decline, .link]
        for (one, left) in roles.enumerated() {
            for (other, right) in roles.enumerated() {
                #expect((left == right) == (one == other), "\(left) == \(right)")
            }
        }
        #expect(Set(roles).count == roles.count)
    }
}
