//! The diet request of the detailed diet-request form (spec 3 §4 "Diet actions", §7): the web sends the medical
//! profile built from the form's answers, then asks for the diet; both carry the form run's conversation id. The
//! spec does not show their paths; these are the BFF's.
use std::collections::BTreeMap;

use poem::web::Data;
use poem_openapi::{OpenApi, payload::Json};
use serde_json::{Map, Value};

pub mod dto;
pub mod error;

use self::{
    dto::{DietRequest, DietRequested, MedicalProfileRequest, MedicalProfileSaved},
    error::DietRequestFailure,
};
use super::{ApiTags, security::CustomerToken};
use crate::{
    domain::medical_profile::{ConversationId, MedicalProfile, ProfileGroups},
    limits::{self, MAX_ANSWERS_BYTES},
    state::AppState,
    store::diet_requests::{self, Requested},
};

fn conversation(raw: &str) -> Result<ConversationId, DietRequestFailure> {
    ConversationId::parse(raw).map_err(|problem| DietRequestFailure::invalid(&[problem]))
}

fn fields(group: BTreeMap<String, Value>) -> Map<String, Value> {
    group.into_iter().collect()
}

pub struct DietRequestsApi;

#[OpenApi(prefix_path = "/lemonade/api", tag = "ApiTags::DietRequests")]
impl DietRequestsApi {
    /// Store the signed-in customer's medical profile for a conversation.
    ///
    /// Every field must be a question of the diet-request form in its group, and its answer must pass that
    /// question's rules (the form's ranges and Persian messages); every question the answers show must be answered
    /// (a question shown only after another answer, such as the medication's names, only then); the location must
    /// be TR, 2170, 107851. Sending
    /// again under the same conversation replaces the profile. The three groups together may hold at most 64 KiB
    /// as JSON. Once a diet was requested from the conversation, its profile stays as it was: sending again answers
    /// the same id and changes nothing.
    #[oai(path = "/medical-profiles", method = "post", operation_id = "createMedicalProfile")]
    async fn create_profile(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        body: Json<MedicalProfileRequest>,
    ) -> Result<Json<MedicalProfileSaved>, DietRequestFailure> {
        let request = body.0;
        let conversation = conversation(&request.conversation_id)?;
        // Sized before the fields are checked: the profile is stored as sent, like a form's answers.
        let sent = serde_json::json!([&request.general, &request.body, &request.special]).to_string();
        limits::within("profile", &sent, MAX_ANSWERS_BYTES).map_err(DietRequestFailure::too_large)?;
        let groups = ProfileGroups {
            general: fields(request.general),
            body: fields(request.body),
            special: fields(request.special),
        };
        let profile = MedicalProfile::parse(groups, &request.country_code, request.state, request.city)
            .map_err(|problems| DietRequestFailure::invalid(&problems))?;
        let saved = diet_requests::save_profile(&state.db, token.customer_id(), &conversation, &profile).await?;
        let id = saved.ok_or_else(DietRequestFailure::conversation_taken)?;
        Ok(Json(MedicalProfileSaved { id, conversation_id: conversation.as_str().to_owned() }))
    }

    /// Request the diet of the conversation's profile.
    ///
    /// The customer's paid diet that waits for answers (ANSWERING_QUESTIONS, or SIB_DIET_ERROR once the form was
    /// saved) is numbered and goes to the specialists: ISSUING. Asking again for the same conversation answers the
    /// same diet and issues nothing more.
    #[oai(path = "/make-profile-and-request-diet", method = "post", operation_id = "requestDiet")]
    async fn request_diet(
        &self,
        state: Data<&AppState>,
        token: CustomerToken,
        body: Json<DietRequest>,
    ) -> Result<Json<DietRequested>, DietRequestFailure> {
        let conversation = conversation(&body.conversation_id)?;
        match diet_requests::request_diet(&state.db, token.customer_id(), &conversation).await? {
            Requested::Issued { diet_number, status } => Ok(Json(DietRequested { diet_number, status })),
            Requested::NoProfile => Err(DietRequestFailure::no_profile()),
            Requested::NothingToRequest => Err(DietRequestFailure::nothing_to_request()),
        }
    }
}
