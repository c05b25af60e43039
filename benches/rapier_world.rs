//! rapier2d, the peer engine, built from an impulse world: the same bodies,
//! shapes, poses, velocities, masses and materials.

use impulse::engine::World;
use impulse::geometry::Shape;
use rapier2d::prelude::*;

/// All of rapier's state for one world, so a warmed world can be cloned. The
/// `PhysicsPipeline` is not in it: it holds only scratch buffers (and is not
/// `Clone`), so one pipeline steps every clone, as a game reuses its pipeline.
#[derive(Clone)]
pub struct RapierWorld {
    pub gravity: Vector,
    pub params: IntegrationParameters,
    pub islands: IslandManager,
    pub broad_phase: DefaultBroadPhase,
    pub narrow_phase: NarrowPhase,
    pub bodies: RigidBodySet,
    pub colliders: ColliderSet,
    pub impulse_joints: ImpulseJointSet,
    pub multibody_joints: MultibodyJointSet,
    pub soft_bodies: SoftBodySet,
    pub ccd: CCDSolver,
}

impl RapierWorld {
    /// impulse's bodies as rapier bodies: same shape, pose, velocity, mass
    /// (inertia follows from it and the shape, m r²/2 for a disc as in impulse),
    /// restitution and friction; static bodies become fixed ones.
    pub fn from_impulse(world: &World, dt: f64) -> RapierWorld {
        let mut bodies = RigidBodySet::new();
        let mut colliders = ColliderSet::new();
        for (b, m) in world.iter() {
            // impulse steps every body every frame; rapier would put a resting
            // pile to sleep and skip it, which measures a different workload.
            let kind = if b.is_static() { RigidBodyBuilder::fixed() } else { RigidBodyBuilder::dynamic().can_sleep(false) };
            let body = kind
                .translation(Vector::new(m.position.x as f32, m.position.y as f32))
                .rotation(m.angle as f32)
                .linvel(Vector::new(m.velocity.x as f32, m.velocity.y as f32))
                .angvel(m.angular_velocity as f32);
            let shape = match b.shape {
                Shape::Circle { radius } => ColliderBuilder::ball(radius as f32),
                Shape::Box { size } => ColliderBuilder::cuboid(size.x as f32 / 2.0, size.y as f32 / 2.0),
                // A wall's ends sit at ∓half about its position (its angle is 0).
                Shape::Segment { half } => {
                    ColliderBuilder::segment(Vector::new(-half.x as f32, -half.y as f32), Vector::new(half.x as f32, half.y as f32))
                }
            };
            let mut collider = shape.restitution(b.restitution as f32).friction(b.friction as f32);
            if !b.is_static() {
                collider = collider.mass(b.mass() as f32);
            }
            let handle = bodies.insert(body);
            colliders.insert_with_parent(collider, handle, &mut bodies);
        }
        RapierWorld {
            gravity: Vector::new(world.gravity.x as f32, world.gravity.y as f32),
            params: IntegrationParameters { dt: dt as f32, ..IntegrationParameters::default() },
            islands: IslandManager::new(),
            broad_phase: DefaultBroadPhase::default(),
            narrow_phase: NarrowPhase::new(),
            bodies,
            colliders,
            impulse_joints: ImpulseJointSet::new(),
            multibody_joints: MultibodyJointSet::new(),
            soft_bodies: SoftBodySet::new(),
            ccd: CCDSolver::new(),
        }
    }

    pub fn step(&mut self, pipeline: &mut PhysicsPipeline) {
        pipeline.step(
            self.gravity,
            &self.params,
            &mut self.islands,
            &mut self.broad_phase,
            &mut self.narrow_phase,
            &mut self.bodies,
            &mut self.colliders,
            &mut self.impulse_joints,
            &mut self.multibody_joints,
            &mut self.soft_bodies,
            &mut self.ccd,
            &(),
            &(),
        );
    }

    /// Pairs the solver had contact points for after the last step, and those points.
    pub fn contacts(&self) -> (usize, usize) {
        let pairs = self.narrow_phase.contact_pairs().filter(|p| p.has_any_active_contact()).count();
        let points = self.narrow_phase.contact_pairs().flat_map(|p| p.solver_manifolds()).map(|m| m.data.solver_contacts.len()).sum();
        (pairs, points)
    }
}
