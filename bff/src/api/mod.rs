//! The HTTP API: one module per area, each with its DTOs and its error enum.
use poem_openapi::{OpenApiService, Tags};

pub mod auth;
pub mod diet_requests;
pub mod diets;
pub mod error;
pub mod finance;
pub mod forms;
pub mod franchise;
pub mod gift_cards;
pub mod packages;
pub mod payment_result;
pub mod payments;
pub mod points;
pub mod prepared_json;
pub mod promotions;
pub mod security;
pub mod shop;
pub mod staff_clock;
pub mod staff_diets;
pub mod staff_franchise;
pub mod staff_points;
pub mod system;
pub mod tracking;
pub mod unavailable;

#[derive(Tags)]
pub enum ApiTags {
    /// Sign-in by one-time code, tokens and the country table
    Auth,
    /// Visit sessions and analytics events
    Tracking,
    /// Catalogue, wizard configs, orders and invoices
    Shop,
    /// Promotion codes on orders
    Promotions,
    /// Customer points and holding them on orders
    Points,
    /// Online payments and the gateways' callbacks
    Payments,
    /// Finance review of manual transfers
    Finance,
    /// The medical team's diet tools: issue, ready, start and close diets (`STAFF_API_TOKEN`)
    StaffDiets,
    /// The team's franchise tools: grant and revoke a customer's membership, read who changed it (`STAFF_API_TOKEN`)
    StaffFranchise,
    /// The team's points tool: give a customer points with a reason (`STAFF_API_TOKEN`)
    StaffPoints,
    /// The test clock: read it and move it forward (`TEST_CLOCK`, `STAFF_API_TOKEN`; never on in production)
    StaffClock,
    /// What the payment-result pages read: mentor link, partner-discount SMS text, order A/B flags
    PaymentResult,
    /// The diet panel: the active diet package and the reserve list
    Diets,
    /// Health and service metadata
    System,
    /// Questionnaire answer records and the perfect-body landing
    Forms,
    /// Limoo gift cards: redeeming a code and the products it offers
    GiftCards,
    /// The detailed form's medical profile and the diet request made from it
    DietRequests,
    /// The franchise (referral) programme: a member's summary, the leaderboard and their invitations
    Franchise,
    /// The older diet-package flow: packages info, selecting a package, promotion forms, bought products
    Packages,
}

pub type Apis = (
    auth::AuthApi,
    tracking::TrackingApi,
    shop::ShopApi,
    shop::orders::OrdersApi,
    promotions::PromotionsApi,
    // The points areas and the franchise share one slot (poem-openapi's tuples hold up to 16).
    (points::PointsApi, points::summary::PointsSummaryApi, franchise::FranchiseApi),
    payments::PaymentsApi,
    payments::gateways::PaymentGatewaysApi,
    payment_result::PaymentResultApi,
    system::SystemApi,
    (
        finance::FinanceApi,
        staff_diets::StaffDietsApi,
        staff_franchise::StaffFranchiseApi,
        staff_points::StaffPointsApi,
        staff_clock::StaffClockApi,
    ),
    diets::DietsApi,
    diets::reserves::ReservesApi,
    // poem-openapi implements OpenApi for tuples of up to 16: the questionnaire areas share one slot.
    (forms::FormsApi, forms::perfect_body::PerfectBodyApi, diet_requests::DietRequestsApi),
    (gift_cards::GiftCardsApi, packages::PackagesApi),
);

pub fn openapi_service() -> OpenApiService<Apis, ()> {
    OpenApiService::new(
        (
            auth::AuthApi,
            tracking::TrackingApi,
            shop::ShopApi,
            shop::orders::OrdersApi,
            promotions::PromotionsApi,
            (points::PointsApi, points::summary::PointsSummaryApi, franchise::FranchiseApi),
            payments::PaymentsApi,
            payments::gateways::PaymentGatewaysApi,
            payment_result::PaymentResultApi,
            system::SystemApi,
            (
                finance::FinanceApi,
                staff_diets::StaffDietsApi,
                staff_franchise::StaffFranchiseApi,
                staff_points::StaffPointsApi,
                staff_clock::StaffClockApi,
            ),
            diets::DietsApi,
            diets::reserves::ReservesApi,
            (forms::FormsApi, forms::perfect_body::PerfectBodyApi, diet_requests::DietRequestsApi),
            (gift_cards::GiftCardsApi, packages::PackagesApi),
        ),
        "Limoo BFF",
        env!("CARGO_PKG_VERSION"),
    )
    .description(
        "Backend-for-frontend of the Limoo diet-programme shop. Prices are integer toman. A request body larger \
         than MAX_BODY_BYTES (256 KiB by default), declared or chunked, is answered 413 with the error envelope.",
    )
}

/// The OpenAPI document as committed in `openapi/openapi.json` (`cargo run -p limoo-bff -- openapi`).
pub fn spec_json() -> String {
    openapi_service().spec()
}
